import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { swissKeys } from '@/lib/swiss/swiss-keys';
import type { ArbitratedEvent } from '@/lib/swiss/types';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type AuditEntry = components['schemas']['AuditEntryOutput'];

/** One page of an event's log: an individual event's, or a team event's (the same entries). */
export const getAuditPage = (event: ArbitratedEvent, page: number) =>
  event.kind === 'swiss'
    ? unwrap(api.GET('/api/tournaments/swiss/{tournament_id}/audit/', { params: { path: { tournament_id: event.id }, query: { page } } }))
    : unwrap(api.GET('/api/team-swiss/{event_id}/audit/', { params: { path: { event_id: event.id }, query: { page } } }));

const auditPageKey = (event: ArbitratedEvent, page: number) =>
  event.kind === 'swiss' ? swissKeys.auditPage(event.id, page) : swissKeys.teamAuditPage(event.id, page);

/** One page of the event's audit log, newest first (leaders only). */
export const useAuditPage = (event: ArbitratedEvent, page: number, enabled: boolean) =>
  useQuery({ queryKey: auditPageKey(event, page), queryFn: () => getAuditPage(event, page), enabled, placeholderData: keepPreviousData });

export const auditCsvUrl = (event: ArbitratedEvent) =>
  event.kind === 'swiss' ? `/api/tournaments/swiss/${event.id}/audit.csv` : `/api/team-swiss/${event.id}/audit.csv`;

/** The CSV's file name, as the server names it. */
export const auditCsvName = (event: ArbitratedEvent) => (event.kind === 'swiss' ? `audit-${event.id}.csv` : `team-audit-${event.id}.csv`);
