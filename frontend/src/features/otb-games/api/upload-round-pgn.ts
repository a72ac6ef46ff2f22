import { useMutation, useQueryClient } from '@tanstack/react-query';

import { otbGamesKeys } from '@/features/otb-games/api/otb-games-keys';
import { api, unwrap } from '@/lib/api-client';

/** The most text the API takes in one upload (its `pgn` field's max_length). */
export const MAX_PGN_CHARS = 2_000_000;

export const uploadRoundPgn = (id: number, number: number, pgn: string) =>
  unwrap(
    api.POST('/api/tournaments/swiss/{tournament_id}/rounds/{number}/pgn/', {
      params: { path: { tournament_id: id, number } },
      body: { pgn },
    }),
  );

/**
 * A leader's upload of a round's PGN file (its text, read in the browser). The boards' results
 * reach the page through the event's socket like any result; the boards' games are in no push,
 * so the cached ones of this event are marked stale.
 */
export const useUploadRoundPgn = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ number, pgn }: { number: number; pgn: string }) => uploadRoundPgn(id, number, pgn),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: otbGamesKeys.games(id) }),
  });
};
