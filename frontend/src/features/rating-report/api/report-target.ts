/**
 * Which event a rating report is about: an individual Swiss event (/swiss/:id) or a team Swiss
 * event (/team-swiss/:id). Both answer the same report; they differ in where it is read, where
 * a player's and the event's FIDE data are saved, and where the TRF comes from.
 */
export type ReportEventKind = 'swiss' | 'team-swiss';

export type ReportTarget = { kind: ReportEventKind; id: number };

/** The event's own page, where the report page links back to. */
export const eventPath = ({ kind, id }: ReportTarget) => `/${kind}/${id}`;

/** The export the report is about: the event's TRF-2026, named by the server's Content-Disposition. */
export const trf2026Url = ({ kind, id }: ReportTarget) =>
  kind === 'swiss' ? `/api/tournaments/swiss/${id}/export/trf/` : `/api/team-swiss/${id}/export/trf/`;
