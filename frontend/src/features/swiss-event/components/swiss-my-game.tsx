import { Link } from 'react-router';

import { ConfirmButton } from '@/components/ui/confirm-button';
import { ErrorMessage } from '@/components/ui/error-message';
import { PlayerLink } from '@/components/ui/player-link';
import { useRound } from '@/lib/swiss/get-rounds';
import { useRecordResult } from '@/lib/swiss/record-result';
import { resultLabel } from '@/lib/swiss/display';
import type { GameResult } from '@/lib/swiss/types';

type SwissMyGameProps = { tournamentId: number; round: number; username: string };

/** A report told from the viewer's side: "that you won (1-0)", "that you lost (0-1)", "a draw (½-½)". */
const reportedByViewer = (report: string, white: boolean): string => {
  if (!report) return 'nothing';
  if (report === '1/2-1/2') return `a draw (${resultLabel(report)})`;
  const won = (report === '1-0') === white;
  return `that you ${won ? 'won' : 'lost'} (${resultLabel(report)})`;
};

const BYES: Record<string, string> = {
  U: 'You have a pairing bye this round (1 point).',
  H: 'You have a half-point bye this round.',
  Z: 'You sit this round out.',
};

/**
 * This round's opponent and colour; online, the way to the game (its result comes from the game
 * only), over the board the result buttons.
 */
export const SwissMyGame = ({ tournamentId, round, username }: SwissMyGameProps) => {
  const detail = useRound(tournamentId, round);
  const report = useRecordResult(tournamentId, round);
  if (!detail.data) return null;
  const pairing = detail.data.pairings.find((board) => board.white === username || board.black === username);
  if (!pairing) {
    const bye = detail.data.byes.find((entry) => entry.username === username);
    return bye ? <p className="text-sm">{BYES[bye.kind] ?? 'You are not paired this round.'}</p> : null;
  }
  const white = pairing.white === username;
  const opponent = white ? pairing.black : pairing.white;
  const heading = (
    <p className="font-medium">
      Round {round}, board {pairing.board}: You play {white ? 'White' : 'Black'} against <PlayerLink name={opponent} className="underline" />
    </p>
  );
  if (pairing.game_id !== null) {
    const game = `/game/${pairing.game_id}`;
    return (
      <div className="flex flex-col gap-2">
        {heading}
        <div aria-live="polite">
          {pairing.result ? (
            <p className="text-sm">
              Result: {resultLabel(pairing.result)}.{' '}
              <Link to={game} className="underline">
                See your game
              </Link>
            </p>
          ) : (
            <Link
              to={game}
              className="block rounded-md bg-emerald-700 px-4 py-3 text-center font-semibold text-white hover:bg-emerald-800"
            >
              Your game is ready — play
            </Link>
          )}
        </div>
      </div>
    );
  }
  const mine = white ? pairing.white_report : pairing.black_report;
  const theirs = white ? pairing.black_report : pairing.white_report;
  const outcomes: { label: string; result: GameResult }[] = [
    { label: 'I won', result: white ? '1-0' : '0-1' },
    { label: 'Draw', result: '1/2-1/2' },
    { label: 'I lost', result: white ? '0-1' : '1-0' },
  ];
  return (
    <div className="flex flex-col gap-2">
      {heading}
      <p className="text-sm" aria-live="polite">
        {pairing.result
          ? `Result: ${resultLabel(pairing.result)}. If that is not what happened, report what did; a different report goes to the arbiter.`
          : pairing.disputed
            ? `You reported ${reportedByViewer(mine, white)}; ${opponent} reported ${reportedByViewer(theirs, white)}. The arbiter will decide.`
            : 'Report the result when your game is over.'}
      </p>
      {/* Forfeits are the arbiter's, and so is a disputed board: players report over-the-board results only. */}
      {!pairing.disputed && !['+-', '-+', '--'].includes(pairing.result) && (
        <div role="group" aria-label="Report your result" className="flex flex-wrap gap-2">
          {outcomes.map(({ label, result }) => (
            <ConfirmButton
              key={label}
              variant="secondary"
              confirmLabel={label === 'Draw' ? 'Yes, a draw' : `Yes, ${label}`}
              aria-pressed={pairing.result === result}
              disabled={report.isPending || pairing.result === result}
              onConfirm={() => report.mutate({ pairingId: pairing.id, result })}
            >
              {label}
            </ConfirmButton>
          ))}
        </div>
      )}
      {report.error && <ErrorMessage error={report.error} />}
    </div>
  );
};
