import { queryOptions, useQuery } from '@tanstack/react-query';

import { noNote, noteVersion, swissKeys } from '@/lib/swiss/swiss-keys';
import { api, unwrap } from '@/lib/api-client';

export const getRounds = (id: number, note = noNote) =>
  unwrap(api.GET('/api/tournaments/swiss/{tournament_id}/rounds/', { params: { path: { tournament_id: id } } }).then(note));

export const getRound = (id: number, number: number, note = noNote) =>
  unwrap(
    api
      .GET('/api/tournaments/swiss/{tournament_id}/rounds/{number}/', {
        params: { path: { tournament_id: id, number } },
      })
      .then(note),
  );

export const roundsQueryOptions = (id: number) => queryOptions({ queryKey: swissKeys.rounds(id), queryFn: (context) => getRounds(id, noteVersion(context)) });

export const roundQueryOptions = (id: number, number: number) =>
  queryOptions({ queryKey: swissKeys.round(id, number), queryFn: (context) => getRound(id, number, noteVersion(context)) });

export const useRounds = (id: number) => useQuery(roundsQueryOptions(id));

export const useRound = (id: number, number: number | null) =>
  useQuery({ ...roundQueryOptions(id, number ?? 0), enabled: number !== null && number > 0 });
