import type { ExportSummary, NationalTrfData, UsChessData } from '@/features/exports/api/exports';

/** Builders of the exports API's answers for the tests, typed by the generated schema. */

export const usChessSummary = (over: Partial<ExportSummary> = {}): ExportSummary => ({
  code: 'us-chess',
  name: 'US Chess',
  summary: 'The US Chess rating report: three dBase files of format 2C.',
  files: ['THEXPORT.DBF', 'TSEXPORT.DBF', 'TDEXPORT.DBF'],
  data_url: '/api/tournaments/swiss/7/exports/us-chess/',
  download_url: '/api/tournaments/swiss/7/exports/us-chess/download/',
  finished: true,
  ready: false,
  missing: [],
  ...over,
});

export const nationalSummary = (over: Partial<ExportSummary> = {}): ExportSummary => ({
  code: 'national-trf',
  name: 'National rating (TRF-2026)',
  summary: "FIDE's TRF-2026 with the national rating records.",
  files: ['<event>-<federation>.trf'],
  data_url: '/api/tournaments/swiss/7/exports/national-trf/',
  download_url: '/api/tournaments/swiss/7/exports/national-trf/download/',
  finished: true,
  ready: false,
  missing: [],
  ...over,
});

const usEntry = (entry: number, start_number: number, name: string, rating: number | null) => ({
  entry,
  start_number,
  name,
  rating,
  federation: 'USA',
  fide_id: '',
  member_id: '',
  state: '' as const,
  report_name: '',
  us_chess_rating: null,
});

export const usChessData = (over: Partial<UsChessData> = {}): UsChessData => ({
  federation: 'us-chess',
  name: 'US Chess',
  event: {
    affiliate_id: '',
    chief_td_id: '',
    assistant_td_id: '',
    other_td_ids: [],
    event_name: '',
    city: '',
    state: '',
    zip_code: '',
    country: '',
    send_crosstable: '',
    section_name: '',
    rating_system: '',
    time_control: '',
    classification: '',
    fide_rated: '',
  },
  entries: [usEntry(41, 1, 'Brown, Alice', 1900), usEntry(42, 2, 'Cruz, Bea', 1750), usEntry(43, 3, 'Díaz, Ana', null)],
  finished: true,
  ready: false,
  missing: [
    { field: 'affiliate_id', message: "Required: the sponsoring US Chess affiliate's ID (H_AFF_ID), A and seven digits", entry: null, player: '' },
    { field: 'member_id', message: "Required: the player's US Chess ID (D_MEM_ID)", entry: 41, player: 'Brown, Alice' },
    { field: 'member_id', message: "Required: the player's US Chess ID (D_MEM_ID)", entry: 42, player: 'Cruz, Bea' },
    { field: 'member_id', message: "Required: the player's US Chess ID (D_MEM_ID)", entry: 43, player: 'Díaz, Ana' },
  ],
  ...over,
});

export const nationalData = (over: Partial<NationalTrfData> = {}): NationalTrfData => ({
  federation: 'national-trf',
  name: 'National rating (TRF-2026)',
  event: { federation: 'USA', ranking_method: 'NIDOF' },
  entries: [
    {
      entry: 41,
      start_number: 1,
      name: 'Brown, Alice',
      rating: 1900,
      federation: 'USA',
      fide_id: '2000001',
      national_id: 'US12345678',
      national_rating: 1910,
      origin: 'MA',
      classification: 'A',
    },
  ],
  finished: true,
  ready: true,
  missing: [],
  ...over,
});
