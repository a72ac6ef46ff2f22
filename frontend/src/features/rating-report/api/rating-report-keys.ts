/**
 * The report's key sits under the event's ['swiss', id] prefix, like every read of the event: a
 * `resync` of the event refetches it too. A save here also marks two of the Swiss feature's reads
 * stale (the event's detail and its audit log): features share no code, so their keys are spelt
 * here as the Swiss feature's factory spells them (swiss-keys.ts).
 */
export const ratingReportKeys = {
  report: (id: number) => ['swiss', id, 'rating-report'] as const,
  eventDetail: (id: number) => ['swiss', id, 'detail'] as const,
  audit: (id: number) => ['swiss', id, 'audit'] as const,
};
