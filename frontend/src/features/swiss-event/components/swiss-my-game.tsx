import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

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
  if (!report) return t({ message: 'nothing', comment: 'completes “You reported …”: no report yet' });
  const label = resultLabel(report);
  if (report === '1/2-1/2') return t({ message: `a draw (${label})`, comment: 'completes “… reported …”; {label} is the result code' });
  const won = (report === '1-0') === white;
  return won
    ? t({ message: `that you won (${label})`, comment: 'completes “… reported …”; {label} is the result code' })
    : t({ message: `that you lost (${label})`, comment: 'completes “… reported …”; {label} is the result code' });
};

const BYES: Record<string, MessageDescriptor> = {
  U: msg`You have a pairing bye this round (1 point).`,
  H: msg`You have a half-point bye this round.`,
  Z: msg`You sit this round out.`,
};

/**
 * This round's opponent and colour; online, the way to the game (its result comes from the game
 * only), over the board the result buttons.
 */
export const SwissMyGame = ({ tournamentId, round, username }: SwissMyGameProps) => {
  const { t } = useLingui();
  const detail = useRound(tournamentId, round);
  const report = useRecordResult(tournamentId, round);
  if (!detail.data) return null;
  const pairing = detail.data.pairings.find((board) => board.white === username || board.black === username);
  if (!pairing) {
    const bye = detail.data.byes.find((entry) => entry.username === username);
    if (!bye) return null;
    const kind = BYES[bye.kind];
    return <p className="text-sm">{kind ? t(kind) : t`You are not paired this round.`}</p>;
  }
  const white = pairing.white === username;
  const opponent = white ? pairing.black : pairing.white;
  const board = pairing.board;
  const heading = (
    <p className="font-medium">
      {white ? (
        <Trans>
          Round {round}, board {board}: You play White against <PlayerLink name={opponent} className="underline" />
        </Trans>
      ) : (
        <Trans>
          Round {round}, board {board}: You play Black against <PlayerLink name={opponent} className="underline" />
        </Trans>
      )}
    </p>
  );
  const result = resultLabel(pairing.result);
  if (pairing.game_id !== null) {
    const game = `/game/${pairing.game_id}`;
    return (
      <div className="flex flex-col gap-2">
        {heading}
        <div aria-live="polite">
          {pairing.result ? (
            <p className="text-sm">
              <Trans>
                Result: {result}.{' '}
                <Link to={game} className="underline">
                  See your game
                </Link>
              </Trans>
            </p>
          ) : (
            <Link
              to={game}
              className="block rounded-md bg-emerald-700 px-4 py-3 text-center font-semibold text-white hover:bg-emerald-800"
            >
              <Trans>Your game is ready — play</Trans>
            </Link>
          )}
        </div>
      </div>
    );
  }
  const mine = white ? pairing.white_report : pairing.black_report;
  const theirs = white ? pairing.black_report : pairing.white_report;
  const outcomes: { label: string; confirm: string; result: GameResult }[] = [
    { label: t({ message: 'I won', comment: 'a player reports the result of their game' }), confirm: t`Yes, I won`, result: white ? '1-0' : '0-1' },
    { label: t({ message: 'Draw', comment: 'a player reports the result of their game' }), confirm: t`Yes, a draw`, result: '1/2-1/2' },
    { label: t({ message: 'I lost', comment: 'a player reports the result of their game' }), confirm: t`Yes, I lost`, result: white ? '0-1' : '1-0' },
  ];
  const mineText = reportedByViewer(mine, white);
  const theirsText = reportedByViewer(theirs, white);
  return (
    <div className="flex flex-col gap-2">
      {heading}
      <p className="text-sm" aria-live="polite">
        {pairing.result
          ? t`Result: ${result}. If that is not what happened, report what did; a different report goes to the arbiter.`
          : pairing.disputed
            ? t`You reported ${mineText}; ${opponent} reported ${theirsText}. The arbiter will decide.`
            : t`Report the result when your game is over.`}
      </p>
      {/* Forfeits are the arbiter's, and so is a disputed board: players report over-the-board results only. */}
      {!pairing.disputed && !['+-', '-+', '--'].includes(pairing.result) && (
        <div role="group" aria-label={t`Report your result`} className="flex flex-wrap gap-2">
          {outcomes.map(({ label, confirm, result: outcome }) => (
            <ConfirmButton
              key={outcome}
              variant="secondary"
              confirmLabel={confirm}
              aria-pressed={pairing.result === outcome}
              disabled={report.isPending || pairing.result === outcome}
              onConfirm={() => report.mutate({ pairingId: pairing.id, result: outcome })}
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
