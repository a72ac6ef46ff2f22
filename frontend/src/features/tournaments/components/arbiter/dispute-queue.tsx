import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { ResultConfirm } from '@/features/tournaments/components/arbiter/result-editor';
import type { GameResult, Pairing, Standing } from '@/features/tournaments/types/swiss';

type DisputeQueueProps = { tournamentId: number; boards: Pairing[]; rows: Standing[] };

const DECISIONS: { value: GameResult; label: (board: Pairing) => string }[] = [
  { value: '1-0', label: (board) => `${board.white} won` },
  { value: '1/2-1/2', label: () => 'Draw' },
  { value: '0-1', label: (board) => `${board.black} won` },
];

/**
 * Boards whose players reported contradicting results. The board keeps no report once it is
 * disputed, so both players are shown side by side with their standing; one click decides.
 */
export const DisputeQueue = ({ tournamentId, boards, rows }: DisputeQueueProps) => {
  const [decision, setDecision] = useState<{ board: Pairing; result: GameResult } | null>(null);
  const disputed = boards.filter((board) => board.disputed);
  const rowOf = (username: string) => rows.find((row) => row.username === username);
  return (
    <section aria-labelledby="dispute-queue" className="flex flex-col gap-2">
      <h3 id="dispute-queue" className="font-semibold">
        Disputes ({disputed.length})
      </h3>
      {disputed.length === 0 ? (
        <p className="text-sm text-slate-500">No disputed board.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {disputed.map((board) => (
            <li key={board.id} aria-label={`Dispute on board ${board.board}`} className="rounded-md border border-amber-400 p-2 text-sm">
              <p className="font-medium">Board {board.board}: the players reported different results.</p>
              <div className="grid grid-cols-2 gap-2">
                {[board.white, board.black].map((username, side) => (
                  <div key={username} className="rounded bg-slate-50 p-2 dark:bg-slate-800">
                    <p className="font-medium">
                      {username} ({side === 0 ? 'White' : 'Black'})
                    </p>
                    <p className="text-slate-600 dark:text-slate-400">
                      {rowOf(username) ? `${rowOf(username)?.points} points, rated ${rowOf(username)?.rating}` : ''}
                    </p>
                  </div>
                ))}
              </div>
              <div className="mt-2 flex flex-wrap gap-1">
                {DECISIONS.map((option) => (
                  <Button key={option.value} variant="secondary" onClick={() => setDecision({ board, result: option.value })}>
                    {option.label(board)}
                  </Button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ResultConfirm
        tournamentId={tournamentId}
        proposal={decision && { ...decision, noShow: null }}
        boards={boards}
        rows={rows}
        onDone={() => setDecision(null)}
      />
    </section>
  );
};
