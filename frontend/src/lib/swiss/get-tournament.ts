import { queryOptions, useQuery } from '@tanstack/react-query';

import { noNote, noteVersion, swissKeys } from '@/lib/swiss/swiss-keys';
import { api, unwrap } from '@/lib/api-client';

export const getTournament = (id: number, note = noNote) =>
  unwrap(api.GET('/api/tournaments/swiss/{tournament_id}/', { params: { path: { tournament_id: id } } }).then(note));

export const tournamentQueryOptions = (id: number) =>
  queryOptions({ queryKey: swissKeys.detail(id), queryFn: (context) => getTournament(id, noteVersion(context)) });

export const useTournament = (id: number) => useQuery(tournamentQueryOptions(id));
