import type { FederationData, FederationInput } from '@/features/exports/api/exports';
import { entryFieldsOf, eventFieldsOf, type FederationConfig, type FieldConfig } from '@/features/exports/types/federations';

/** The form holds text, as inputs do; types are restored when the body is made. */
export type RowValues = Record<string, string>;
export type ExportFormValues = { event: Record<string, string>; entries: RowValues[] };

const asText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
};

export const formValuesOf = (config: FederationConfig, data: FederationData): ExportFormValues => {
  const event = data.event as unknown as Record<string, unknown>;
  return {
    event: Object.fromEntries(eventFieldsOf(config).map((field) => [field.name, asText(event[field.name])])),
    entries: data.entries.map((entry) => {
      const row = entry as unknown as Record<string, unknown>;
      return Object.fromEntries(entryFieldsOf(config).map((field) => [field.name, asText(row[field.name])]));
    }),
  };
};

/** A whole number or blank: checked here, since the value is sent as a number. */
export const WHOLE_NUMBER = /^\s*\d*\s*$/;

const valueOf = (field: FieldConfig, text: string): string | number | string[] | null => {
  const trimmed = text.trim();
  switch (field.kind) {
    case 'integer':
      return trimmed === '' ? null : Number(trimmed);
    case 'list':
      return trimmed.split(/[\s,;]+/).filter(Boolean);
    case 'select':
      return text;
    default:
      return field.upper ? trimmed.toUpperCase() : trimmed;
  }
};

/** The PUT body: every value of the event and of every player, since a PUT replaces them all. */
export const bodyOf = (config: FederationConfig, values: ExportFormValues, entryIds: readonly number[]): FederationInput => {
  const event = Object.fromEntries(eventFieldsOf(config).map((field) => [field.name, valueOf(field, values.event[field.name] ?? '')]));
  const entries = entryIds.map((entry, index) => ({
    entry,
    ...Object.fromEntries(entryFieldsOf(config).map((field) => [field.name, valueOf(field, values.entries[index]?.[field.name] ?? '')])),
  }));
  return { event, entries } as unknown as FederationInput;
};

/** A refused PUT's messages where they belong: an event field's, a player's row's (by its
 * index in the body, which is the form's), or the form's when the page has no place for it. */
export type PlacedErrors = {
  event: Record<string, string>;
  rows: Record<number, Record<string, string>>;
  others: string[];
};

const join = (before: string | undefined, message: string) => (before ? `${before} ${message}` : message);

/**
 * The API leads each nested message with its path ("affiliate_id: …" under `event`,
 * "2.member_id: …" under `entries`, "other_td_ids.1: …" for a list's item): the first name
 * on the path is the field.
 */
export const placeErrors = (config: FederationConfig, fields: Record<string, string[]>, rowCount: number): PlacedErrors => {
  const placed: PlacedErrors = { event: {}, rows: {}, others: [] };
  const eventNames = new Set(eventFieldsOf(config).map((field) => field.name));
  const entryNames = new Set([...entryFieldsOf(config).map((field) => field.name), 'entry']);
  for (const [name, messages] of Object.entries(fields)) {
    for (const text of messages) {
      if (name === 'event') {
        const match = /^([A-Za-z_]+)(?:\.[^:]*)?: ([\s\S]*)$/.exec(text);
        if (match && eventNames.has(match[1]!)) {
          placed.event[match[1]!] = join(placed.event[match[1]!], match[2]!);
          continue;
        }
      } else if (name === 'entries') {
        const match = /^(\d+)\.([A-Za-z_]+)(?:\.[^:]*)?: ([\s\S]*)$/.exec(text);
        const index = match ? Number(match[1]) : -1;
        if (match && index < rowCount && entryNames.has(match[2]!)) {
          const row = (placed.rows[index] ??= {});
          row[match[2]!] = join(row[match[2]!], match[3]!);
          continue;
        }
      }
      placed.others.push(name === 'non_field_errors' ? text : `${name}: ${text}`);
    }
  }
  return placed;
};

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

type EntryFacts = { name: string; start_number: number; fide_id: string; federation: string };

/** What the filter box searches in a player's row: the name, start number, FIDE ID, federation
 * and the values as saved, folded once (accents and case aside). */
export const searchTextOf = (entry: EntryFacts, saved: RowValues | undefined): string =>
  fold([entry.name, String(entry.start_number), entry.fide_id, entry.federation, ...Object.values(saved ?? {})].join(' '));

/** Every word of the filter is in the row's search text. */
export const rowMatches = (query: string, searchText: string): boolean =>
  fold(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => searchText.includes(word));
