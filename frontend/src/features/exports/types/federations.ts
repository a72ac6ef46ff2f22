import type { components } from '@/lib/api-types';
import type { FederationCode } from '@/features/exports/api/exports';

type Schemas = components['schemas'];

export type FieldKind = 'text' | 'select' | 'list' | 'integer';
export type FieldOption = { value: string; label: string };

/** One value the organiser enters, labelled as the federation calls it (docs/exports.md). */
export type FieldConfig<N extends string = string> = {
  name: N;
  label: string;
  help: string;
  kind: FieldKind;
  /** The export cannot be written without it (a blank one is still saved). */
  required?: boolean;
  options?: readonly FieldOption[];
  placeholder?: string;
  /** Digits only: a phone offers its number pad. */
  numeric?: boolean;
  /** Codes the federation writes in capitals (an affiliate ID, a FIDE code) are sent so. */
  upper?: boolean;
};

export type FieldGroup<N extends string = string> = { legend: string; fields: readonly FieldConfig<N>[] };

export type FederationConfig<E extends string = string, P extends string = string> = {
  code: FederationCode;
  /** The event's values, in groups. */
  eventGroups: readonly FieldGroup<E>[];
  /** Each player's columns always shown: the federation's ID first, then the rating it takes. */
  columns: readonly FieldConfig<P>[];
  /** The player's other values, shown on demand (a report name, a state, an origin). */
  moreColumns: readonly FieldConfig<P>[];
  /** What the download is, beside its button. */
  download: string;
};

type Keys<T> = Extract<keyof T, string>;
type UsEvent = Keys<Schemas['UsChessEvent']>;
type UsEntry = Exclude<Keys<Schemas['UsChessEntryInputRequest']>, 'entry'>;
type NationalEvent = Keys<Schemas['NationalTrfEvent']>;
type NationalEntry = Exclude<Keys<Schemas['NationalTrfEntryInputRequest']>, 'entry'>;

const blankFirst = (blank: string, values: readonly string[]): FieldOption[] => [
  { value: '', label: blank },
  ...values.map((value) => ({ value, label: value })),
];

// US Postal Service codes, as the server's choices (arbiter/exports/formats/uschess.py).
const USPS = (
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH ' +
  'NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY AS GU MP PR VI AA AE AP'
).split(' ');

const MEMBER_HELP = '8 digits';

export const US_CHESS: FederationConfig<UsEvent, UsEntry> = {
  code: 'us-chess',
  download: 'THEXPORT, TSEXPORT and TDEXPORT.DBF in one ZIP',
  eventGroups: [
    {
      legend: 'Affiliate and tournament directors',
      fields: [
        {
          name: 'affiliate_id',
          label: 'US Chess affiliate ID',
          help: 'The sponsoring affiliate: A and seven digits, e.g. A6012345 (H_AFF_ID).',
          kind: 'text',
          required: true,
          placeholder: 'A6012345',
          upper: true,
        },
        { name: 'chief_td_id', label: "Chief TD's US Chess ID", help: `${MEMBER_HELP} (H_CTD_ID).`, kind: 'text', required: true, numeric: true },
        { name: 'assistant_td_id', label: "Assistant chief TD's US Chess ID", help: `${MEMBER_HELP}, if there is one (H_ATD_ID).`, kind: 'text', numeric: true },
        {
          name: 'other_td_ids',
          label: "Other TDs' US Chess IDs",
          help: '8 digits each, separated by commas or spaces; at most 28 (H_OTHER_TD).',
          kind: 'list',
        },
      ],
    },
    {
      legend: 'Where it was played',
      fields: [
        { name: 'city', label: 'City', help: 'At most 21 characters (H_CITY).', kind: 'text', required: true },
        { name: 'state', label: 'State', help: 'Its USPS code (H_STATE).', kind: 'select', required: true, options: blankFirst('Choose…', USPS) },
        { name: 'zip_code', label: 'ZIP code', help: '5 digits, or ZIP+4 such as 02134-1234 (H_ZIPCODE).', kind: 'text', required: true },
        { name: 'country', label: 'Country', help: 'USA if blank (H_COUNTRY).', kind: 'text', placeholder: 'USA' },
      ],
    },
    {
      legend: 'The section',
      fields: [
        { name: 'section_name', label: 'Section name', help: 'At most 30 characters, e.g. Open (S_SEC_NAME).', kind: 'text', required: true },
        {
          name: 'event_name',
          label: 'Event name for US Chess',
          help: "At most 35 characters in plain ASCII; the event's own name if blank (H_NAME).",
          kind: 'text',
        },
        {
          name: 'time_control',
          label: 'Time control',
          help: "As US Chess spells it, e.g. G/90;+30 or 40/90,SD/30;d5; from the event's clock if blank (S_TIMECTL).",
          kind: 'text',
          placeholder: 'G/90;+30',
        },
        {
          name: 'rating_system',
          label: 'Rating system',
          help: 'R regular, D dual, Q quick, B blitz (sent as D); from the time control by rule 5C if blank (S_R_SYSTEM).',
          kind: 'select',
          options: [
            { value: '', label: 'From the time control' },
            { value: 'R', label: 'R: regular' },
            { value: 'D', label: 'D: dual' },
            { value: 'Q', label: 'Q: quick' },
            { value: 'B', label: 'B: blitz' },
          ],
        },
        { name: 'classification', label: 'Section classification', help: "Format 2C's letter, blank if none (S_SCH_LVL).", kind: 'select', options: blankFirst('None', ['N', 'S', 'P', 'J']) },
        {
          name: 'fide_rated',
          label: 'Also FIDE rated',
          help: 'N if blank (S_FIDE).',
          kind: 'select',
          options: [
            { value: '', label: 'No' },
            { value: 'Y', label: 'Y: yes' },
            { value: 'N', label: 'N: no' },
          ],
        },
        {
          name: 'send_crosstable',
          label: 'Crosstable letter',
          help: 'N, A or T; N if blank (H_SENDCROS).',
          kind: 'select',
          options: blankFirst('N (default)', ['N', 'A', 'T']),
        },
      ],
    },
  ],
  columns: [
    { name: 'member_id', label: 'US Chess ID', help: '8 digits (D_MEM_ID)', kind: 'text', required: true, numeric: true },
    { name: 'us_chess_rating', label: 'US Chess rating', help: 'Blank: as paired; 0 unrated (D_RATING)', kind: 'integer', numeric: true },
  ],
  moreColumns: [
    { name: 'report_name', label: 'Name for US Chess', help: "LAST, FIRST; the entry's name if blank (D_NAME)", kind: 'text' },
    { name: 'state', label: 'State', help: 'May be blank (D_STATE)', kind: 'select', options: blankFirst('—', USPS) },
  ],
};

export const NATIONAL_TRF: FederationConfig<NationalEvent, NationalEntry> = {
  code: 'national-trf',
  download: 'One TRF-2026 file',
  eventGroups: [
    {
      legend: 'The national rating list',
      fields: [
        {
          name: 'federation',
          label: 'Federation',
          help: 'The FIDE code of the federation whose national rating the report is for, e.g. ENG (tag 172).',
          kind: 'text',
          required: true,
          placeholder: 'ENG',
          upper: true,
        },
        {
          name: 'ranking_method',
          label: 'Starting rank method',
          help: 'How the starting ranks were set (tag 172); OTHER if blank.',
          kind: 'select',
          options: [
            { value: '', label: 'OTHER (default)' },
            { value: 'FIDE', label: 'FIDE: FIDE rating only' },
            { value: 'NRO', label: 'NRO: national rating only' },
            { value: 'FIDON', label: 'FIDON: FIDE rating, else national' },
            { value: 'NIDOF', label: 'NIDOF: national rating, else FIDE' },
            { value: 'HBFN', label: 'HBFN: the higher of the two' },
            { value: 'LBFN', label: 'LBFN: the lower of the two' },
            { value: 'OTHER', label: 'OTHER' },
          ],
        },
      ],
    },
  ],
  columns: [
    { name: 'national_id', label: 'National ID', help: 'Letters and digits, at most 11', kind: 'text' },
    { name: 'national_rating', label: 'National rating', help: '1 to 9999, blank if none', kind: 'integer', numeric: true },
  ],
  moreColumns: [
    { name: 'origin', label: 'Origin', help: 'Region, state or club, at most 3', kind: 'text' },
    { name: 'classification', label: 'National class', help: 'Title or class, at most 3', kind: 'text' },
  ],
};

export const FEDERATIONS: Record<FederationCode, FederationConfig> = { 'us-chess': US_CHESS, 'national-trf': NATIONAL_TRF };

export const isKnownFederation = (code: string): code is FederationCode => Object.hasOwn(FEDERATIONS, code);

export const eventFieldsOf = (config: FederationConfig): FieldConfig[] => config.eventGroups.flatMap((group) => group.fields);
export const entryFieldsOf = (config: FederationConfig): FieldConfig[] => [...config.columns, ...config.moreColumns];

/** How a missing item's field is called on this page ("results": the games). */
export const fieldLabel = (config: FederationConfig | null, field: string, ofPlayer: boolean): string => {
  if (field === 'results') return 'Results';
  const fields = config ? (ofPlayer ? entryFieldsOf(config) : eventFieldsOf(config)) : [];
  return fields.find((candidate) => candidate.name === field)?.label ?? field.replaceAll('_', ' ');
};
