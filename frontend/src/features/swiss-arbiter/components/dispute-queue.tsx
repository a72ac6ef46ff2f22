import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { ResultConfirm } from '@/features/swiss-arbiter/components/result-editor';
import { reportText } from '@/lib/swiss/display';
import type { GameResult, Pairing, Standing } from '@/lib/swiss/types';

type DisputeQueueProps = { tournamentId: number; round: number; boards: Pairing[]; rows: Standing[] };

const DECISIONS: { value: GameResult; label: (board: Pairing) => string }[] = [
  { value: '1-0', label: (board) => `${board.white} won` },
  { value: '1/2-1/2', label: () => 'Draw' },
  { value: '0-1', label: (board) => `${board.black} won` },
];

/** Who claimed this outcome, for the decision button: "claimed by carol". */
const claimedBy = (board: Pairing, result: GameResult): string | null => {
  const names = [
    board.white_report === result ? board.white : null,
    board.black_report === result ? board.black : null,
  ].filter(Boolean);
  return names.length > 0 ? `claimed by ${names.join(' and ')}` : null;
};

/**
 * Boards whose players reported contradicting results: each player's own report side by side
 * with their standing; one click on an outcome decides (after the standings effect is shown).
 */
export const DisputeQueue = ({ tournamentId, round, boards, rows }: DisputeQueueProps) => {
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
              <div className="grid gap-2 sm:grid-cols-2">
                {(['white', 'black'] as const).map((side) => {
                  const username = board[side];
                  const row = rowOf(username);
                  return (
                    <div
                      key={side}
                      role="group"
                      aria-label={`${username}'s report`}
                      className="flex min-w-0 flex-col gap-1 rounded bg-slate-50 p-2 break-words dark:bg-slate-800"
                    >
                      <p className="font-medium">
                        {username} ({side === 'white' ? 'White' : 'Black'})
                      </p>
                      <p>Reported: {reportText(board, side === 'white' ? board.white_report : board.black_report)}</p>
                      {row && (
                        <p className="text-slate-600 dark:text-slate-400">
                          {row.points} points, rated {row.rating}
                        </p>
                      )}
                    </div>
                  );
                })}
              </div>
              <div role="group" aria-label={`Decide board ${board.board}`} className="mt-2 flex flex-wrap gap-1">
                {DECISIONS.map((option) => {
                  const claim = claimedBy(board, option.value);
                  return (
                    <Button key={option.value} variant="secondary" onClick={() => setDecision({ board, result: option.value })}>
                      {option.label(board)}
                      {claim && ' '}
                      {claim && <span className="ml-1 text-xs font-normal text-slate-600 dark:text-slate-300">({claim})</span>}
                    </Button>
                  );
                })}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ResultConfirm
        tournamentId={tournamentId}
        round={round}
        proposal={decision && { ...decision, noShow: null }}
        boards={boards}
        rows={rows}
        onDone={() => setDecision(null)}
      />
    </section>
  );
};
