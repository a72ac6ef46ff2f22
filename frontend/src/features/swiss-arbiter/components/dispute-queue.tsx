import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { ResultConfirm } from '@/features/swiss-arbiter/components/result-editor';
import { reportText } from '@/lib/swiss/display';
import type { GameResult, Pairing, Standing } from '@/lib/swiss/types';

type DisputeQueueProps = { tournamentId: number; round: number; boards: Pairing[]; rows: Standing[] };

/** The outcomes an arbiter decides between. */
const DECISIONS: GameResult[] = ['1-0', '1/2-1/2', '0-1'];

/** One outcome's button: "carol won", with who claimed it: "(claimed by carol)". */
const DecisionButton = ({ board, result, onPick }: { board: Pairing; result: GameResult; onPick: () => void }) => {
  const { t } = useLingui();
  const { white, black } = board;
  const label =
    result === '1-0' ? t`${white} won` : result === '0-1' ? t`${black} won` : t({ message: 'Draw', comment: 'an outcome an arbiter decides on a disputed board' });
  const byWhite = board.white_report === result;
  const byBlack = board.black_report === result;
  const claim =
    byWhite && byBlack ? t`claimed by ${white} and ${black}` : byWhite ? t`claimed by ${white}` : byBlack ? t`claimed by ${black}` : null;
  return (
    <Button variant="secondary" onClick={onPick}>
      {label}
      {claim && ' '}
      {claim && <span className="ms-1 text-xs font-normal text-slate-600 dark:text-slate-300">({claim})</span>}
    </Button>
  );
};

/** One player's side of a disputed board: their report and their standing. */
const PlayerReport = ({ board, side, row }: { board: Pairing; side: 'white' | 'black'; row: Standing | undefined }) => {
  const { t } = useLingui();
  const username = board[side];
  const colour = side === 'white' ? t`White` : t`Black`;
  const report = reportText(board, side === 'white' ? board.white_report : board.black_report);
  const points = row?.points;
  const rating = row?.rating;
  return (
    <div role="group" aria-label={t`${username}'s report`} className="flex min-w-0 flex-col gap-1 rounded bg-slate-50 p-2 break-words dark:bg-slate-800">
      <p className="font-medium">
        {username} ({colour})
      </p>
      <p>
        <Trans>Reported: {report}</Trans>
      </p>
      {row && (
        <p className="text-slate-600 dark:text-slate-400">
          <Trans>
            {points} points, rated {rating}
          </Trans>
        </p>
      )}
    </div>
  );
};

/**
 * Boards whose players reported contradicting results: each player's own report side by side
 * with their standing; one click on an outcome decides (after the standings effect is shown).
 */
export const DisputeQueue = ({ tournamentId, round, boards, rows }: DisputeQueueProps) => {
  const { t } = useLingui();
  const [decision, setDecision] = useState<{ board: Pairing; result: GameResult } | null>(null);
  const disputed = boards.filter((board) => board.disputed);
  const count = disputed.length;
  const rowOf = (username: string) => rows.find((row) => row.username === username);
  return (
    <section aria-labelledby="dispute-queue" className="flex flex-col gap-2">
      <h3 id="dispute-queue" className="font-semibold">
        <Trans>Disputes ({count})</Trans>
      </h3>
      {disputed.length === 0 ? (
        <p className="text-sm text-slate-500">
          <Trans>No disputed board.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {disputed.map((board) => {
            const number = board.board;
            return (
              <li key={board.id} aria-label={t`Dispute on board ${number}`} className="rounded-md border border-amber-400 p-2 text-sm">
                <p className="font-medium">
                  <Trans>Board {number}: the players reported different results.</Trans>
                </p>
                <div className="grid gap-2 sm:grid-cols-2">
                  {(['white', 'black'] as const).map((side) => (
                    <PlayerReport key={side} board={board} side={side} row={rowOf(board[side])} />
                  ))}
                </div>
                <div role="group" aria-label={t`Decide board ${number}`} className="mt-2 flex flex-wrap gap-1">
                  {DECISIONS.map((result) => (
                    <DecisionButton key={result} board={board} result={result} onPick={() => setDecision({ board, result })} />
                  ))}
                </div>
              </li>
            );
          })}
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
