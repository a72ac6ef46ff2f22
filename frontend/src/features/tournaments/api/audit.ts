import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { swissKeys } from '@/features/tournaments/api/swiss-keys';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type AuditEntry = components['schemas']['AuditEntryOutput'];

export const getAuditPage = (id: number, page: number) =>
  unwrap(api.GET('/api/tournaments/swiss/{tournament_id}/audit/', { params: { path: { tournament_id: id }, query: { page } } }));

/** One page of the event's audit log, newest first (leaders only). */
export const useAuditPage = (id: number, page: number, enabled: boolean) =>
  useQuery({ queryKey: swissKeys.auditPage(id, page), queryFn: () => getAuditPage(id, page), enabled, placeholderData: keepPreviousData });

export const auditCsvUrl = (id: number) => `/api/tournaments/swiss/${id}/audit.csv`;
