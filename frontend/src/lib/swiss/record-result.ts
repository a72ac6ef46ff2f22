import { useMutation, useQueryClient } from '@tanstack/react-query';

import { writeBoard } from '@/lib/swiss/cache-writes';
import { swissKeys } from '@/lib/swiss/swiss-keys';
import type { GameResult } from '@/lib/swiss/types';
import { api, unwrap } from '@/lib/api-client';

export type NoShow = 'white' | 'black' | null;

/** A player's report, or a leader's result (forfeits, no-shows and corrections included): one endpoint. */
export const postResult = (id: number, pairingId: number, result: GameResult, noShow: NoShow = null) =>
  unwrap(
    api.POST('/api/tournaments/swiss/{tournament_id}/pairings/{pairing_id}/result/', {
      params: { path: { tournament_id: id, pairing_id: pairingId } },
      body: noShow ? { result, no_show: noShow } : { result },
    }),
  );

export type ResultEntry = { pairingId: number; result: GameResult; noShow?: NoShow };

/**
 * A result on a board of round `round`, by a player or a leader alike: the answer (the board)
 * is written into that round; the standings come with the push that follows within 0.25 s, so
 * nothing is refetched. A no-show also bans the player, which only `GET …/bans/` tells.
 */
export const useRecordResult = (id: number, round: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pairingId, result, noShow = null }: ResultEntry) => postResult(id, pairingId, result, noShow),
    onSuccess: (pairing, { noShow }) => {
      writeBoard(queryClient, id, round, pairing);
      if (noShow) void queryClient.invalidateQueries({ queryKey: swissKeys.bans(id) });
    },
  });
};
