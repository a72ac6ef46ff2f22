import { useMutation, useQueryClient } from '@tanstack/react-query';

import { writeEntry } from '@/lib/swiss/cache-writes';
import type { Participant } from '@/lib/swiss/types';
import { api, unwrap } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

const path = (id: number) => ({ params: { path: { tournament_id: id } } });

/** The entry as it is now: 200 with it, or 204 when it was removed (a withdrawal before the start). */
export const entryOrRemoved = async (request: Promise<{ data?: Participant; error?: unknown; response: Response }>): Promise<Participant | null> => {
  const { data, error, response } = await request;
  if (!response.ok) throw ApiError.from(response.status, error);
  return response.status === 204 || !data ? null : data;
};

export const joinTournament = (id: number, password: string, team?: string) =>
  unwrap(api.POST('/api/tournaments/swiss/{tournament_id}/join/', { ...path(id), body: team ? { password, team } : { password } }));

export const withdrawFromTournament = (id: number) => entryOrRemoved(api.POST('/api/tournaments/swiss/{tournament_id}/withdraw/', path(id)));

export const rejoinTournament = (id: number) => entryOrRemoved(api.POST('/api/tournaments/swiss/{tournament_id}/rejoin/', path(id)));

export const requestBye = (id: number, round: number) =>
  unwrap(api.POST('/api/tournaments/swiss/{tournament_id}/request-bye/', { ...path(id), body: { round } }));

/**
 * Entering or leaving: the answer (the entry) is written into the player's own panel and rows;
 * the standings themselves (order, new rows) come with the push that follows.
 */
export const useJoinTournament = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ password, team }: { password: string; team?: string }) => joinTournament(id, password, team),
    onSuccess: (entry) => writeEntry(queryClient, id, entry.username, entry, { created: true }),
  });
};

export const useWithdraw = (id: number, username: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => withdrawFromTournament(id),
    onSuccess: (entry) => writeEntry(queryClient, id, username, entry),
  });
};

export const useRejoin = (id: number, username: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rejoinTournament(id),
    onSuccess: (entry) => writeEntry(queryClient, id, username, entry),
  });
};

export const checkIn = (id: number) => unwrap(api.POST('/api/tournaments/swiss/{tournament_id}/check-in/', path(id)));

/** The check-in's answer (the entry, now checked in) goes into the player's panel and rows. */
export const useCheckIn = (id: number, username: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => checkIn(id),
    onSuccess: (entry) => writeEntry(queryClient, id, username, entry),
  });
};

/** Nothing cached shows a requested bye: the panel says so from the answer itself. */
export const useRequestBye = (id: number) => useMutation({ mutationFn: (round: number) => requestBye(id, round) });
