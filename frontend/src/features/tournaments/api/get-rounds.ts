import { queryOptions, useQuery } from '@tanstack/react-query';

import { swissKeys } from '@/features/tournaments/api/swiss-keys';
import { api, unwrap } from '@/lib/api-client';

export const getRounds = (id: number) =>
  unwrap(api.GET('/api/tournaments/swiss/{tournament_id}/rounds/', { params: { path: { tournament_id: id } } }));

export const getRound = (id: number, number: number) =>
  unwrap(
    api.GET('/api/tournaments/swiss/{tournament_id}/rounds/{number}/', {
      params: { path: { tournament_id: id, number } },
    }),
  );

export const roundsQueryOptions = (id: number) => queryOptions({ queryKey: swissKeys.rounds(id), queryFn: () => getRounds(id) });

export const roundQueryOptions = (id: number, number: number) =>
  queryOptions({ queryKey: swissKeys.round(id, number), queryFn: () => getRound(id, number) });

export const useRounds = (id: number) => useQuery(roundsQueryOptions(id));

export const useRound = (id: number, number: number | null) =>
  useQuery({ ...roundQueryOptions(id, number ?? 0), enabled: number !== null && number > 0 });
