import { queryOptions, useQuery } from '@tanstack/react-query';

import { swissKeys } from '@/features/tournaments/api/swiss-keys';
import { api, unwrap } from '@/lib/api-client';

export const getTournament = (id: number) =>
  unwrap(api.GET('/api/tournaments/swiss/{tournament_id}/', { params: { path: { tournament_id: id } } }));

export const tournamentQueryOptions = (id: number) =>
  queryOptions({ queryKey: swissKeys.detail(id), queryFn: () => getTournament(id) });

export const useTournament = (id: number) => useQuery(tournamentQueryOptions(id));
