import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';

import type { components } from '@/lib/api-types';

export type Finding = components['schemas']['RatingReportFinding'];
export type ReportPlayer = components['schemas']['RatingReportPlayer'];
export type FindingField = Finding['field'];

/** The fields of an entry the page edits in place (the PATCH …/entries/{id}/ body's). */
export type EntryField = 'name' | 'fide_id' | 'federation' | 'title' | 'birth_year' | 'sex';

/** What each finding is about, in words (translated where shown). */
export const FIELD_LABELS: Record<FindingField, MessageDescriptor> = {
  fide_id: msg`FIDE ID`,
  federation: msg`Federation`,
  birth_date: msg`Birth date`,
  sex: msg`Sex`,
  title: msg({ message: 'Title', comment: "A player's FIDE title (GM, IM…)." }),
  time_control: msg`Time control`,
  game: msg`Games`,
  chief_arbiter: msg`Chief arbiter`,
  deputy_arbiter: msg`Deputy arbiters`,
  round_dates: msg`Round dates`,
  place: msg({ message: 'Place (022)', comment: "The event's place, TRF record 022." }),
  event_federation: msg({ message: 'Federation (032)', comment: "The event's federation, TRF record 032." }),
  event_dates: msg({ message: 'Dates (042, 052)', comment: "The event's dates, TRF records 042 and 052." }),
  counts: msg`Player counts`,
};

const ENTRY_FIELD_OF: Partial<Record<FindingField, EntryField>> = {
  fide_id: 'fide_id',
  federation: 'federation',
  birth_date: 'birth_year',
  sex: 'sex',
  title: 'title',
};

/** The entry field a finding is corrected in; null for what is not an entry's data (a game). */
export const entryFieldOf = (finding: Finding): EntryField | null =>
  finding.entry === null ? null : (ENTRY_FIELD_OF[finding.field] ?? null);

/** The event's findings the FIDE data form corrects (the others follow from the event itself). */
export const EVENT_DATA_FIELDS: ReadonlySet<FindingField> = new Set(['place', 'event_federation', 'chief_arbiter', 'deputy_arbiter']);

export type PlayerFindings = {
  key: string;
  player: ReportPlayer | null; // null: the finding names a start number the report's players lack
  name: string;
  startNumber: number | null;
  findings: Finding[];
};

const bySeverity = (a: Finding, b: Finding) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1);

/**
 * The event's findings, then one group per player in start-number order, errors before warnings
 * within each (the report's own order otherwise).
 */
export const groupFindings = (findings: Finding[], players: ReportPlayer[]): { event: Finding[]; players: PlayerFindings[] } => {
  const byEntry = new Map(players.map((player) => [player.entry, player]));
  const groups = new Map<string, PlayerFindings>();
  const event: Finding[] = [];
  for (const finding of findings) {
    if (finding.entry === null && finding.start_number === null) {
      event.push(finding);
      continue;
    }
    const key = finding.entry === null ? `n${finding.start_number}` : `e${finding.entry}`;
    const group = groups.get(key) ?? {
      key,
      player: finding.entry === null ? null : (byEntry.get(finding.entry) ?? null),
      name: finding.player,
      startNumber: finding.start_number,
      findings: [],
    };
    group.findings.push(finding);
    groups.set(key, group);
  }
  const ordered = [...groups.values()].sort((a, b) => (a.startNumber ?? 0) - (b.startNumber ?? 0));
  for (const group of ordered) group.findings.sort(bySeverity);
  return { event: [...event].sort(bySeverity), players: ordered };
};

/** The first finding of each entry field in a group: where its editor goes (one per field). */
export const editorPlaces = (findings: Finding[]): Map<Finding, EntryField> => {
  const places = new Map<Finding, EntryField>();
  const seen = new Set<EntryField>();
  for (const finding of findings) {
    const field = entryFieldOf(finding);
    if (field && !seen.has(field)) {
      seen.add(field);
      places.set(finding, field);
    }
  }
  return places;
};

/** "3 errors, 1 warning", in the interface language. */
export const countText = (errors: number, warnings: number) =>
  t`${plural(errors, { one: '# error', other: '# errors' })}, ${plural(warnings, { one: '# warning', other: '# warnings' })}`;
