import { useMutation, useQueryClient } from '@tanstack/react-query';

import { writeTournament } from '@/lib/swiss/cache-writes';
import { swissKeys } from '@/lib/swiss/swiss-keys';
import type { Tournament } from '@/lib/swiss/types';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type TournamentSettings = Omit<components['schemas']['TournamentListCreateApiInputRequest'], 'team'>;

export const createTournament = (team: string, settings: TournamentSettings) =>
  unwrap(api.POST('/api/tournaments/swiss/', { body: { ...settings, team } }));

export const updateTournament = (id: number, settings: Partial<TournamentSettings>) =>
  unwrap(api.PATCH('/api/tournaments/swiss/{tournament_id}/', { params: { path: { tournament_id: id } }, body: settings }));

export const useSaveTournament = (team: string, id: number | null) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Partial<TournamentSettings>): Promise<Tournament> =>
      id === null ? createTournament(team, settings as TournamentSettings) : updateTournament(id, settings),
    // The answer is the event, written as such; the lobby's lists, filtered and paged by the
    // server, are in neither the answer nor a push: invalidated.
    onSuccess: (tournament) => {
      writeTournament(queryClient, tournament);
      return queryClient.invalidateQueries({ queryKey: swissKeys.lists() });
    },
  });
};
