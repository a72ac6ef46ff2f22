import { queryOptions, useQuery } from '@tanstack/react-query';

import { swissKeys } from '@/features/tournaments/api/swiss-keys';
import { api, unwrap } from '@/lib/api-client';

export type TournamentStatus = 'scheduled' | 'running' | 'finished' | 'cancelled';
type TournamentFilters = { status?: TournamentStatus; team?: string; pageSize?: number };

export const getTournaments = async ({ status, team, pageSize }: TournamentFilters) =>
  unwrap(api.GET('/api/tournaments/swiss/', { params: { query: { status, team, page_size: pageSize } } }));

export const tournamentsQueryOptions = (filters: TournamentFilters) =>
  queryOptions({ queryKey: swissKeys.list(filters), queryFn: () => getTournaments(filters) });

export const useTournaments = (filters: TournamentFilters) => useQuery(tournamentsQueryOptions(filters));
