import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { swissKeys } from '@/features/tournaments/api/swiss-keys';
import type { GameResult } from '@/features/tournaments/types/swiss';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import { ApiError } from '@/lib/api-error';

export type ManualBoard = components['schemas']['ManualBoard'];
export type ForbiddenPair = components['schemas']['ForbiddenPairingOutput'];

const path = (id: number) => ({ params: { path: { tournament_id: id } } });

const noContent = async (request: Promise<{ error?: unknown; response: Response }>): Promise<void> => {
  const { error, response } = await request;
  if (!response.ok) throw ApiError.from(response.status, error);
};

export const startNextRound = (id: number) => unwrap(api.POST('/api/tournaments/swiss/{tournament_id}/start-next-round/', path(id)));

export const scheduleNextRound = (id: number, at: string) =>
  unwrap(api.POST('/api/tournaments/swiss/{tournament_id}/schedule-next-round/', { ...path(id), body: { at } }));

export const cancelTournament = (id: number) => unwrap(api.POST('/api/tournaments/swiss/{tournament_id}/cancel/', path(id)));

export const setResult = (id: number, pairingId: number, result: GameResult, noShow: 'white' | 'black' | null = null) =>
  unwrap(
    api.POST('/api/tournaments/swiss/{tournament_id}/pairings/{pairing_id}/result/', {
      params: { path: { tournament_id: id, pairing_id: pairingId } },
      body: noShow ? { result, no_show: noShow } : { result },
    }),
  );

export const liftBan = (id: number, username: string) =>
  noContent(
    api.POST('/api/tournaments/swiss/{tournament_id}/bans/{username}/lift/', {
      params: { path: { tournament_id: id, username } },
    }),
  );

export const withdrawPlayer = (id: number, username: string) =>
  noContent(api.POST('/api/tournaments/swiss/{tournament_id}/players/{username}/withdraw/', { params: { path: { tournament_id: id, username } } }));

export const reinstatePlayer = (id: number, username: string) =>
  noContent(api.POST('/api/tournaments/swiss/{tournament_id}/players/{username}/reinstate/', { params: { path: { tournament_id: id, username } } }));

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

export const getBans = (id: number) => unwrap(api.GET('/api/tournaments/swiss/{tournament_id}/bans/', path(id)));

/** The hosting team's players whose no-show ban still runs. */
export const useBans = (id: number) => useQuery({ queryKey: swissKeys.bans(id), queryFn: () => getBans(id) });

export const getPairingProposal = (id: number) =>
  unwrap(api.GET('/api/tournaments/swiss/{tournament_id}/pairing-proposal/', path(id)));

/** What the manual-pairing editor starts from (the engine's pairing, or the round to correct). */
export const usePairingProposal = (id: number, version: string) =>
  useQuery({
    queryKey: swissKeys.pairingProposal(id, version),
    queryFn: () => getPairingProposal(id),
    retry: false,
    staleTime: Infinity,
  });

/** An arbiter's action refreshes everything the page shows of the event. */
export const useArbiterAction = <TVariables, TData>(id: number, action: (variables: TVariables) => Promise<TData>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: swissKeys.event(id) }),
  });
};

export const useForbiddenPairs = (id: number) => useQuery({ queryKey: swissKeys.forbidden(id), queryFn: () => getForbiddenPairs(id) });
