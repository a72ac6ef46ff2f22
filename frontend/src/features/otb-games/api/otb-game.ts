import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { otbGamesKeys } from '@/features/otb-games/api/otb-games-keys';
import type { OtbGame, OtbGameSaved } from '@/features/otb-games/types/otb-game';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type OtbGameInput = components['schemas']['OtbGameApiInputRequest'];

/** While a game is being entered, a viewer's page reads it again this often (the read is the
 * event version's cached page, answered 304 when nothing changed). */
export const POLL_MS = 10_000;

export const getOtbGame = (id: number, pairingId: number) =>
  unwrap(
    api.GET('/api/tournaments/swiss/{tournament_id}/pairings/{pairing_id}/game/', {
      params: { path: { tournament_id: id, pairing_id: pairingId } },
    }),
  );

/** A board's game, read again every POLL_MS while `poll` (the event runs) and the game is "*". */
export const useOtbGame = (id: number, pairingId: number, poll: boolean) =>
  useQuery({
    queryKey: otbGamesKeys.game(id, pairingId),
    queryFn: () => getOtbGame(id, pairingId),
    refetchInterval: (query) => (poll && query.state.data?.result === '*' ? POLL_MS : false),
  });

export const saveOtbGame = (id: number, pairingId: number, body: OtbGameInput) =>
  unwrap(
    api.PUT('/api/tournaments/swiss/{tournament_id}/pairings/{pairing_id}/game/', {
      params: { path: { tournament_id: id, pairing_id: pairingId } },
      body,
    }),
  );

/** Saves the board's game; the answer is the game as saved, written to the cache as it is (the
 * board's result in the event's round reaches an open event page through its socket). */
export const useSaveOtbGame = (id: number, pairingId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OtbGameInput) => saveOtbGame(id, pairingId, body),
    onSuccess: (saved: OtbGameSaved) => {
      const { result_entry: _, ...game } = saved;
      queryClient.setQueryData<OtbGame>(otbGamesKeys.game(id, pairingId), game);
    },
  });
};
