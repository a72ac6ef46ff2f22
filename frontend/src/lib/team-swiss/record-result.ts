import { useMutation, useQueryClient } from '@tanstack/react-query';

import { writeBoard } from '@/lib/team-swiss/cache-writes';
import type { BoardResult } from '@/lib/team-swiss/types';
import { api, unwrap } from '@/lib/api-client';

export const setBoardResult = (id: number, number: number, table: number, board: number, result: BoardResult) =>
  unwrap(
    api.POST('/api/team-swiss/{event_id}/rounds/{number}/boards/{table}/{board}/result/', {
      params: { path: { event_id: id, number, table, board } },
      body: { result },
    }),
  );

type ResultInput = { round: number; table: number; board: number; result: BoardResult };

/** A player's report (their game on the page) or a leader's result (the arbiter panel): the
 * answer is the board; the match's score comes in `board_result`. */
export const useSetBoardResult = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ round, table, board, result }: ResultInput) => setBoardResult(id, round, table, board, result),
    onSuccess: (board, { round, table }) => writeBoard(queryClient, id, round, table, board),
  });
};
