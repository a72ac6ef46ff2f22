import type { ReportTarget } from '@/features/rating-report/api/report-target';

/**
 * The report's key sits under the event's [kind, id] prefix (['swiss', id] or ['team-swiss', id]),
 * like every read of the event: a `resync` of the event refetches it too. A save here also marks
 * reads of the event's own feature stale (its detail and, for an individual event, its audit
 * log): features share no code, so their keys are spelt here as those features' factories spell
 * them (swiss-keys.ts, team-swiss-keys.ts).
 */
export const ratingReportKeys = {
  report: ({ kind, id }: ReportTarget) => [kind, id, 'rating-report'] as const,
  eventDetail: ({ kind, id }: ReportTarget) => [kind, id, 'detail'] as const,
  audit: ({ kind, id }: ReportTarget) => [kind, id, 'audit'] as const,
};
