import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

import { ConfirmButton } from '@/components/ui/confirm-button';
import { ErrorMessage } from '@/components/ui/error-message';
import { useSetBoardResult } from '@/lib/team-swiss/record-result';
import {
  otherSide,
  outcomeText,
  outcomesFor,
  reportStatus,
  reportedText,
  seatName,
  sideOf,
  type Outcome,
  type Side,
} from '@/lib/team-swiss/board-reports';
import { resultLabel } from '@/lib/team-swiss/display';
import type { Board, Match, TeamRound, TeamSwissEvent } from '@/lib/team-swiss/types';

type MyBoardProps = { event: TeamSwissEvent; round: TeamRound; username: string | null };

const teamName = (match: Match, board: Board, side: Side): string => {
  const tpn = board[side]?.tpn;
  return tpn === match.white.tpn ? match.white.name : (match.black?.name ?? '');
};

/** Where the board's result stands, told to the viewer from their own side of it (read while
 * rendering, in the interface language). */
const statusText = (board: Board, side: Side, opponent: string, open: boolean): string => {
  const status = reportStatus(board);
  const mine = side === 'white' ? board.white_report : board.black_report;
  const theirs = side === 'white' ? board.black_report : board.white_report;
  switch (status.kind) {
    case 'none':
      return open
        ? t`Report the result when your game is over; ${opponent} then confirms it, and a different report from ${opponent} goes to the arbiter.`
        : t`No result yet.`;
    case 'reported': {
      const reported = reportedText(board.result, side);
      const outcome = outcomeText(board.result, side);
      if (status.by === side)
        return open
          ? t`You reported ${reported}. Waiting for ${opponent} to confirm it; if ${opponent} reports something else, the arbiter decides.`
          : t`Result: ${outcome}, as you reported.`;
      return open
        ? t`${opponent} reported ${reported}. If that is right, confirm it; if not, report what happened and the arbiter decides.`
        : t`Result: ${outcome}, as ${opponent} reported. The round is complete: ask the arbiter if it is wrong.`;
    }
    case 'confirmed': {
      const outcome = outcomeText(board.result, side);
      return t`Result: ${outcome}, confirmed by you and ${opponent}.`;
    }
    case 'disputed': {
      const mineText = reportedText(mine, side);
      const theirsText = reportedText(theirs, side);
      return t`You reported ${mineText}; ${opponent} reported ${theirsText}. The arbiter will decide.`;
    }
    case 'arbiter': {
      const outcome = outcomeText(board.result, side);
      return t`Result: ${outcome}, set by the arbiter.`;
    }
  }
};

/** The two steps of a report button: "Yes, I won (1-0)", with ": the arbiter decides" when it
 * contradicts the opponent's report. */
const confirmText = (outcome: Outcome, code: string, disputes: boolean): string => {
  switch (outcome) {
    case 'won':
      return disputes ? t`Yes, I won (${code}): the arbiter decides` : t`Yes, I won (${code})`;
    case 'draw':
      return disputes ? t`Yes, a draw (${code}): the arbiter decides` : t`Yes, a draw (${code})`;
    case 'lost':
      return disputes ? t`Yes, I lost (${code}): the arbiter decides` : t`Yes, I lost (${code})`;
  }
};

/** The button that confirms the opponent's report: "Confirm: I won". */
const confirmsText = (outcome: Outcome): string => {
  switch (outcome) {
    case 'won':
      return t`Confirm: I won`;
    case 'draw':
      return t`Confirm: Draw`;
    case 'lost':
      return t`Confirm: I lost`;
  }
};

/**
 * The viewer's own board of the round, as an individual event's "your game": the result from
 * their side ("I won / Draw / I lost", each confirmed before it is sent), the opponent's report
 * to confirm or contradict, and where a report stands (waiting, confirmed, disputed, decided).
 */
export const TeamSwissMyBoard = ({ event, round, username }: MyBoardProps) => {
  const { t } = useLingui();
  const report = useSetBoardResult(event.id);
  const match = round.matches.find((each) => each.boards.some((board) => sideOf(board, username) !== null));
  const board = match?.boards.find((each) => sideOf(each, username) !== null);
  const side = board ? sideOf(board, username) : null;
  if (!match || !board || !side) return null;
  const opponentSeat = board[otherSide(side)];
  const opponent = seatName(board, otherSide(side));
  const open = round.status === 'playing';
  const status = reportStatus(board);
  // A player reports a played game: a board without an opponent is a forfeit, the arbiter's;
  // an arbiter who plays sets results in the arbiter panel (their report would be a decision).
  const answering = status.kind === 'reported' && status.by !== side;
  // An online board's result comes from its game (docs/team-swiss.md, "Played online").
  const online = Boolean(board.game_id);
  const canReport = !online && open && opponentSeat !== null && !event.viewer_is_leader && (status.kind === 'none' || answering);
  const number = round.number;
  const table = match.table;
  const boardNumber = board.board;
  const team = teamName(match, board, side);
  const opponentTeam = teamName(match, board, otherSide(side));
  const white = side === 'white';
  let seat: string;
  if (opponentSeat)
    seat = white
      ? t`Round ${number}, table ${table}, board ${boardNumber}: you play White for ${team} against ${opponent} (${opponentTeam}).`
      : t`Round ${number}, table ${table}, board ${boardNumber}: you play Black for ${team} against ${opponent} (${opponentTeam}).`;
  else
    seat = white
      ? t`Round ${number}, table ${table}, board ${boardNumber}: you play White for ${team}; the other team fielded nobody on this board.`
      : t`Round ${number}, table ${table}, board ${boardNumber}: you play Black for ${team}; the other team fielded nobody on this board.`;
  const outcome = board.result ? outcomeText(board.result, side) : '';
  return (
    <section aria-labelledby="team-my-board-title" className="flex min-w-0 flex-col gap-2 rounded-lg border-2 border-amber-400 p-3 dark:border-amber-600">
      <h3 id="team-my-board-title" className="font-semibold">
        <Trans comment="heading: the viewer's own game in this round">Your game</Trans>
      </h3>
      <p className="text-sm break-words">{seat}</p>
      <p className="text-sm break-words" aria-live="polite">
        {opponentSeat === null && !board.result
          ? t`The arbiter records the forfeit.`
          : online
            ? board.result
              ? t`Result: ${outcome}, from the game.`
              : t`Played online: the result comes from the game.`
            : statusText(board, side, opponent, open)}
      </p>
      {online && (
        <Link to={`/game/${board.game_id}`} className="text-sm font-medium text-emerald-800 underline dark:text-emerald-400">
          {board.result ? t`See the game` : t`Go to your game`}
        </Link>
      )}
      {open && event.viewer_is_leader && status.kind !== 'confirmed' && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>As an arbiter of this event, you set this board&apos;s result in the arbiter panel.</Trans>
        </p>
      )}
      {canReport && (
        <div role="group" aria-label={t`Report your result`} className="flex flex-wrap gap-2">
          {outcomesFor(side).map(({ outcome: kind, label, result }) => {
            // Answering the opponent's report: the same result confirms it, another disputes it.
            const confirms = answering && result === board.result;
            const disputes = answering && !confirms;
            return (
              <ConfirmButton
                key={kind}
                variant={confirms ? 'primary' : 'secondary'}
                confirmLabel={confirmText(kind, resultLabel(result), disputes)}
                disabled={report.isPending}
                onConfirm={() => report.mutate({ round: round.number, table: match.table, board: board.board, result })}
              >
                {confirms ? confirmsText(kind) : label}
              </ConfirmButton>
            );
          })}
        </div>
      )}
      {report.error && <ErrorMessage error={report.error} />}
    </section>
  );
};
