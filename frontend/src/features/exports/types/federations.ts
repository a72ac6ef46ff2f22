import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';

import type { components } from '@/lib/api-types';
import type { FederationCode } from '@/features/exports/api/exports';

type Schemas = components['schemas'];

export type FieldKind = 'text' | 'select' | 'list' | 'integer';
/** A choice of a select; without a label it reads as its value (a code such as MA), or "—" if blank. */
export type FieldOption = { value: string; label?: MessageDescriptor };

/** One value the organiser enters, labelled as the federation calls it (docs/exports.md). The
 * words are message descriptors, translated where they are shown (the language may change). */
export type FieldConfig<N extends string = string> = {
  name: N;
  label: MessageDescriptor;
  help: MessageDescriptor;
  kind: FieldKind;
  /** The export cannot be written without it (a blank one is still saved). */
  required?: boolean;
  options?: readonly FieldOption[];
  /** An example value in the federation's format (a code, not words: not translated). */
  placeholder?: string;
  /** Digits only: a phone offers its number pad. */
  numeric?: boolean;
  /** Codes the federation writes in capitals (an affiliate ID, a FIDE code) are sent so. */
  upper?: boolean;
};

export type FieldGroup<N extends string = string> = { legend: MessageDescriptor; fields: readonly FieldConfig<N>[] };

export type FederationConfig<E extends string = string, P extends string = string> = {
  code: FederationCode;
  /** The event's values, in groups. */
  eventGroups: readonly FieldGroup<E>[];
  /** Each player's columns always shown: the federation's ID first, then the rating it takes. */
  columns: readonly FieldConfig<P>[];
  /** The player's other values, shown on demand (a report name, a state, an origin). */
  moreColumns: readonly FieldConfig<P>[];
  /** What the download is, beside its button. */
  download: MessageDescriptor;
};

type Keys<T> = Extract<keyof T, string>;
type UsEvent = Keys<Schemas['UsChessEvent']>;
type UsEntry = Exclude<Keys<Schemas['UsChessEntryInputRequest']>, 'entry'>;
type NationalEvent = Keys<Schemas['NationalTrfEvent']>;
type NationalEntry = Exclude<Keys<Schemas['NationalTrfEntryInputRequest']>, 'entry'>;

const blankFirst = (blank: MessageDescriptor | undefined, values: readonly string[]): FieldOption[] => [
  { value: '', label: blank },
  ...values.map((value) => ({ value })),
];

// US Postal Service codes, as the server's choices (arbiter/exports/formats/uschess.py).
const USPS = (
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH ' +
  'NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY AS GU MP PR VI AA AE AP'
).split(' ');

export const US_CHESS: FederationConfig<UsEvent, UsEntry> = {
  code: 'us-chess',
  download: msg`THEXPORT, TSEXPORT and TDEXPORT.DBF in one ZIP`,
  eventGroups: [
    {
      legend: msg`Affiliate and tournament directors`,
      fields: [
        {
          name: 'affiliate_id',
          label: msg`US Chess affiliate ID`,
          help: msg`The sponsoring affiliate: A and seven digits, e.g. A6012345 (H_AFF_ID).`,
          kind: 'text',
          required: true,
          placeholder: 'A6012345',
          upper: true,
        },
        { name: 'chief_td_id', label: msg`Chief TD's US Chess ID`, help: msg`8 digits (H_CTD_ID).`, kind: 'text', required: true, numeric: true },
        {
          name: 'assistant_td_id',
          label: msg`Assistant chief TD's US Chess ID`,
          help: msg`8 digits, if there is one (H_ATD_ID).`,
          kind: 'text',
          numeric: true,
        },
        {
          name: 'other_td_ids',
          label: msg`Other TDs' US Chess IDs`,
          help: msg`8 digits each, separated by commas or spaces; at most 28 (H_OTHER_TD).`,
          kind: 'list',
        },
      ],
    },
    {
      legend: msg`Where it was played`,
      fields: [
        { name: 'city', label: msg`City`, help: msg`At most 21 characters (H_CITY).`, kind: 'text', required: true },
        {
          name: 'state',
          label: msg({ message: 'State', comment: 'a US state' }),
          help: msg`Its USPS code (H_STATE).`,
          kind: 'select',
          required: true,
          options: blankFirst(msg`Choose…`, USPS),
        },
        { name: 'zip_code', label: msg`ZIP code`, help: msg`5 digits, or ZIP+4 such as 02134-1234 (H_ZIPCODE).`, kind: 'text', required: true },
        { name: 'country', label: msg`Country`, help: msg`USA if blank (H_COUNTRY).`, kind: 'text', placeholder: 'USA' },
      ],
    },
    {
      legend: msg({ message: 'The section', comment: "a US Chess section: one group of an event's players" }),
      fields: [
        { name: 'section_name', label: msg`Section name`, help: msg`At most 30 characters, e.g. Open (S_SEC_NAME).`, kind: 'text', required: true },
        {
          name: 'event_name',
          label: msg`Event name for US Chess`,
          help: msg`At most 35 characters in plain ASCII; the event's own name if blank (H_NAME).`,
          kind: 'text',
        },
        {
          name: 'time_control',
          label: msg`Time control`,
          help: msg`As US Chess spells it, e.g. G/90;+30 or 40/90,SD/30;d5; from the event's clock if blank (S_TIMECTL).`,
          kind: 'text',
          // eslint-disable-next-line lingui/no-unlocalized-strings -- a US Chess time-control code, not words
          placeholder: 'G/90;+30',
        },
        {
          name: 'rating_system',
          label: msg`Rating system`,
          help: msg`R regular, D dual, Q quick, B blitz (sent as D); from the time control by rule 5C if blank (S_R_SYSTEM).`,
          kind: 'select',
          options: [
            { value: '', label: msg`From the time control` },
            { value: 'R', label: msg`R: regular` },
            { value: 'D', label: msg`D: dual` },
            { value: 'Q', label: msg`Q: quick` },
            { value: 'B', label: msg`B: blitz` },
          ],
        },
        {
          name: 'classification',
          label: msg`Section classification`,
          help: msg`Format 2C's letter, blank if none (S_SCH_LVL).`,
          kind: 'select',
          options: blankFirst(msg({ message: 'None', comment: 'no section classification' }), ['N', 'S', 'P', 'J']),
        },
        {
          name: 'fide_rated',
          label: msg`Also FIDE rated`,
          help: msg`N if blank (S_FIDE).`,
          kind: 'select',
          options: [
            { value: '', label: msg({ message: 'No', context: 'answer to a yes/no question' }) },
            { value: 'Y', label: msg`Y: yes` },
            { value: 'N', label: msg`N: no` },
          ],
        },
        {
          name: 'send_crosstable',
          label: msg`Crosstable letter`,
          help: msg`N, A or T; N if blank (H_SENDCROS).`,
          kind: 'select',
          options: blankFirst(msg`N (default)`, ['N', 'A', 'T']),
        },
      ],
    },
  ],
  columns: [
    { name: 'member_id', label: msg`US Chess ID`, help: msg`8 digits (D_MEM_ID)`, kind: 'text', required: true, numeric: true },
    { name: 'us_chess_rating', label: msg`US Chess rating`, help: msg`Blank: as paired; 0 unrated (D_RATING)`, kind: 'integer', numeric: true },
  ],
  moreColumns: [
    { name: 'report_name', label: msg`Name for US Chess`, help: msg`LAST, FIRST; the entry's name if blank (D_NAME)`, kind: 'text' },
    {
      name: 'state',
      label: msg({ message: 'State', comment: 'a US state' }),
      help: msg`May be blank (D_STATE)`,
      kind: 'select',
      options: blankFirst(undefined, USPS),
    },
  ],
};

export const NATIONAL_TRF: FederationConfig<NationalEvent, NationalEntry> = {
  code: 'national-trf',
  download: msg`One TRF-2026 file`,
  eventGroups: [
    {
      legend: msg`The national rating list`,
      fields: [
        {
          name: 'federation',
          label: msg`Federation`,
          help: msg`The FIDE code of the federation whose national rating the report is for, e.g. ENG (tag 172).`,
          kind: 'text',
          required: true,
          placeholder: 'ENG',
          upper: true,
        },
        {
          name: 'ranking_method',
          label: msg`Starting rank method`,
          help: msg`How the starting ranks were set (tag 172); OTHER if blank.`,
          kind: 'select',
          options: [
            { value: '', label: msg`OTHER (default)` },
            { value: 'FIDE', label: msg`FIDE: FIDE rating only` },
            { value: 'NRO', label: msg`NRO: national rating only` },
            { value: 'FIDON', label: msg`FIDON: FIDE rating, else national` },
            { value: 'NIDOF', label: msg`NIDOF: national rating, else FIDE` },
            { value: 'HBFN', label: msg`HBFN: the higher of the two` },
            { value: 'LBFN', label: msg`LBFN: the lower of the two` },
            { value: 'OTHER' },
          ],
        },
      ],
    },
  ],
  columns: [
    { name: 'national_id', label: msg`National ID`, help: msg`Letters and digits, at most 11`, kind: 'text' },
    { name: 'national_rating', label: msg`National rating`, help: msg`1 to 9999, blank if none`, kind: 'integer', numeric: true },
  ],
  moreColumns: [
    { name: 'origin', label: msg`Origin`, help: msg`Region, state or club, at most 3`, kind: 'text' },
    { name: 'classification', label: msg`National class`, help: msg`Title or class, at most 3`, kind: 'text' },
  ],
};

export const FEDERATIONS: Record<FederationCode, FederationConfig> = { 'us-chess': US_CHESS, 'national-trf': NATIONAL_TRF };

export const isKnownFederation = (code: string): code is FederationCode => Object.hasOwn(FEDERATIONS, code);

export const eventFieldsOf = (config: FederationConfig): FieldConfig[] => config.eventGroups.flatMap((group) => group.fields);
export const entryFieldsOf = (config: FederationConfig): FieldConfig[] => [...config.columns, ...config.moreColumns];

/** How a missing item's field is called on this page ("results": the games), in the
 * interface's language (called at render). */
export const fieldLabel = (config: FederationConfig | null, field: string, ofPlayer: boolean): string => {
  if (field === 'results') return t({ message: 'Results', comment: "the event's game results, missing for an export" });
  const fields = config ? (ofPlayer ? entryFieldsOf(config) : eventFieldsOf(config)) : [];
  const label = fields.find((candidate) => candidate.name === field)?.label;
  return label ? t(label) : field.replaceAll('_', ' ');
};
