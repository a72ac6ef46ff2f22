import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { writeEntry, writeRoundStart, writeTournament } from '@/lib/swiss/cache-writes';
import { entryOrRemoved } from '@/lib/swiss/entry-actions';
import { swissKeys } from '@/lib/swiss/swiss-keys';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import { ApiError } from '@/lib/api-error';

export type ManualBoard = components['schemas']['ManualBoard'];
export type ForbiddenPair = components['schemas']['ForbiddenPairingOutput'];
export type Ban = components['schemas']['NoShowBanListApiOutput'];
export type NoShowBan = components['schemas']['NoShowBanPreviewApiOutput'];

/*
 * What each of a leader's actions writes into the cache (docs/frontend.md, "How the cache is
 * updated"): its answer where it carries the new state, nothing where the push brings it. None
 * invalidates the whole event: that refetched every standings page a push was about to bring.
 */

const path = (id: number) => ({ params: { path: { tournament_id: id } } });

const noContent = async (request: Promise<{ error?: unknown; response: Response }>): Promise<void> => {
  const { error, response } = await request;
  if (!response.ok) throw ApiError.from(response.status, error);
};

export const startNextRound = (id: number) => unwrap(api.POST('/api/tournaments/swiss/{tournament_id}/start-next-round/', path(id)));

export const scheduleNextRound = (id: number, at: string) =>
  unwrap(api.POST('/api/tournaments/swiss/{tournament_id}/schedule-next-round/', { ...path(id), body: { at } }));

export const cancelTournament = (id: number) => unwrap(api.POST('/api/tournaments/swiss/{tournament_id}/cancel/', path(id)));

export const liftBan = (id: number, username: string) =>
  noContent(
    api.POST('/api/tournaments/swiss/{tournament_id}/bans/{username}/lift/', {
      params: { path: { tournament_id: id, username } },
    }),
  );

export const withdrawPlayer = (id: number, username: string) =>
  entryOrRemoved(api.POST('/api/tournaments/swiss/{tournament_id}/players/{username}/withdraw/', { params: { path: { tournament_id: id, username } } }));

export const reinstatePlayer = (id: number, username: string) =>
  entryOrRemoved(api.POST('/api/tournaments/swiss/{tournament_id}/players/{username}/reinstate/', { params: { path: { tournament_id: id, username } } }));

export const getForbiddenPairs = (id: number) => unwrap(api.GET('/api/tournaments/swiss/{tournament_id}/forbidden-pairings/', path(id)));

export const addForbiddenPair = (id: number, player1: string, player2: string) =>
  unwrap(api.POST('/api/tournaments/swiss/{tournament_id}/forbidden-pairings/', { ...path(id), body: { player1, player2 } }));

export const removeForbiddenPair = (id: number, pairId: number) =>
  noContent(
    api.DELETE('/api/tournaments/swiss/{tournament_id}/forbidden-pairings/{pair_id}/', {
      params: { path: { tournament_id: id, pair_id: pairId } },
    }),
  );

export const pairManually = (id: number, boards: ManualBoard[], bye: string | null) =>
  unwrap(api.POST('/api/tournaments/swiss/{tournament_id}/manual-pairings/', { ...path(id), body: { boards, bye } }));

export const disqualifyEntry = (id: number, entryId: number, reason: string) =>
  unwrap(
    api.POST('/api/tournaments/swiss/{tournament_id}/entries/{entry_id}/disqualify/', {
      params: { path: { tournament_id: id, entry_id: entryId } },
      body: { reason },
    }),
  );

export const getBans = (id: number) => unwrap(api.GET('/api/tournaments/swiss/{tournament_id}/bans/', path(id)));

/** The hosting team's players whose no-show ban still runs. */
export const useBans = (id: number) => useQuery({ queryKey: swissKeys.bans(id), queryFn: () => getBans(id) });

export const getNoShowBan = (id: number, entryId: number) =>
  unwrap(api.GET('/api/tournaments/swiss/{tournament_id}/entries/{entry_id}/no-show-ban/', { params: { path: { tournament_id: id, entry_id: entryId } } }));

/** What a no-show by this entry would do now (the ban by the team's ladder), asked while the
 * arbiter's dialog for one is open; null: nothing asked. */
export const useNoShowBan = (id: number, entryId: number | null) =>
  useQuery({ queryKey: swissKeys.noShowBan(id, entryId ?? 0), queryFn: () => getNoShowBan(id, entryId ?? 0), enabled: entryId !== null, staleTime: 0 });

export const getPairingProposal = (id: number) =>
  unwrap(api.GET('/api/tournaments/swiss/{tournament_id}/pairing-proposal/', path(id)));

/** What the manual-pairing editor starts from (the engine's pairing, or the round to correct);
 * `enabled`: only when the API can answer (see `ManualPairingEditor`). */
export const usePairingProposal = (id: number, version: string, enabled = true) =>
  useQuery({
    queryKey: swissKeys.pairingProposal(id, version),
    queryFn: () => getPairingProposal(id),
    retry: false,
    staleTime: Infinity,
    enabled,
  });

export const useForbiddenPairs = (id: number) => useQuery({ queryKey: swissKeys.forbidden(id), queryFn: () => getForbiddenPairs(id) });

/** The round paired (its boards, written as a push would) or, when no pairing exists, the finished event. */
export const useStartNextRound = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startNextRound(id),
    onSuccess: (answer) => ('pairings' in answer ? writeRoundStart(queryClient, id, answer) : writeTournament(queryClient, answer)),
  });
};

/** The answer is the event with its new `next_round_at`. */
export const useScheduleNextRound = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (at: string) => scheduleNextRound(id, at),
    onSuccess: (tournament) => writeTournament(queryClient, tournament),
  });
};

export const useCancelTournament = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelTournament(id),
    onSuccess: (tournament) => writeTournament(queryClient, tournament),
  });
};

/** 204: the ban is over, so the player leaves the list of bans in force. */
export const useLiftBan = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => liftBan(id, username),
    onSuccess: (_, username) => queryClient.setQueryData<Ban[]>(swissKeys.bans(id), (bans) => bans?.filter((ban) => ban.username !== username)),
  });
};

/** A leader withdraws or reinstates a player: the answer's entry goes into that player's rows. */
export const usePlayerStatus = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, withdraw }: { username: string; withdraw: boolean }) =>
      withdraw ? withdrawPlayer(id, username) : reinstatePlayer(id, username),
    onSuccess: (entry, { username }) => writeEntry(queryClient, id, username, entry),
  });
};

/** A disqualification may rewrite boards of every past round (forfeits) besides the standings:
 * the push brings them to watchers; the leader's own lists and rounds are read again now. */
export const useDisqualify = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, reason }: { entryId: number; reason: string }) => disqualifyEntry(id, entryId, reason),
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] === 'swiss' &&
          query.queryKey[1] === id &&
          ['standings', 'all-standings', 'round', 'entry', 'prizes'].includes(String(query.queryKey[2])),
      }),
  });
};

export const checkInPlayer = (id: number, username: string) =>
  unwrap(api.POST('/api/tournaments/swiss/{tournament_id}/players/{username}/check-in/', { params: { path: { tournament_id: id, username } } }));

/** A leader checks a present player in (before round 1): the answer's entry goes into their rows. */
export const usePlayerCheckIn = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => checkInPlayer(id, username),
    onSuccess: (entry, username) => writeEntry(queryClient, id, username, entry),
  });
};

/** The stored round is written as a push would write it. Its new boards change the editor's
 * version, so the next proposal is read under a key of its own. */
export const usePairManually = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ boards, bye }: { boards: ManualBoard[]; bye: string | null }) => pairManually(id, boards, bye),
    onSuccess: (round) => writeRoundStart(queryClient, id, round),
  });
};

type ForbiddenChange = { add: [string, string] } | { remove: number };

/** The new pair (the answer) joins the list; a removal's 204 takes the pair out. */
export const useForbiddenPairChange = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: ForbiddenChange): Promise<ForbiddenPair | null> => {
      if ('add' in change) return addForbiddenPair(id, ...change.add);
      await removeForbiddenPair(id, change.remove);
      return null;
    },
    onSuccess: (added, change) =>
      queryClient.setQueryData<ForbiddenPair[]>(swissKeys.forbidden(id), (pairs) =>
        added ? [...(pairs ?? []), added] : pairs?.filter((pair) => !('remove' in change) || pair.id !== change.remove),
      ),
  });
};
