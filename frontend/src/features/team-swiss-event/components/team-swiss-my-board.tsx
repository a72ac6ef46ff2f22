import { Link } from 'react-router';

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
  type Side,
} from '@/lib/team-swiss/board-reports';
import { resultLabel } from '@/lib/team-swiss/display';
import type { Board, Match, TeamRound, TeamSwissEvent } from '@/lib/team-swiss/types';

type MyBoardProps = { event: TeamSwissEvent; round: TeamRound; username: string | null };

const teamName = (match: Match, board: Board, side: Side): string => {
  const tpn = board[side]?.tpn;
  return tpn === match.white.tpn ? match.white.name : (match.black?.name ?? '');
};

/** Where the board's result stands, told to the viewer from their own side of it. */
const statusText = (board: Board, side: Side, opponent: string, open: boolean): string => {
  const status = reportStatus(board);
  const mine = side === 'white' ? board.white_report : board.black_report;
  const theirs = side === 'white' ? board.black_report : board.white_report;
  switch (status.kind) {
    case 'none':
      return open
        ? `Report the result when your game is over; ${opponent} then confirms it, and a different report from ${opponent} goes to the arbiter.`
        : 'No result yet.';
    case 'reported':
      if (status.by === side)
        return open
          ? `You reported ${reportedText(board.result, side)}. Waiting for ${opponent} to confirm it; if ${opponent} reports something else, the arbiter decides.`
          : `Result: ${outcomeText(board.result, side)}, as you reported.`;
      return open
        ? `${opponent} reported ${reportedText(board.result, side)}. If that is right, confirm it; if not, report what happened and the arbiter decides.`
        : `Result: ${outcomeText(board.result, side)}, as ${opponent} reported. The round is complete: ask the arbiter if it is wrong.`;
    case 'confirmed':
      return `Result: ${outcomeText(board.result, side)}, confirmed by you and ${opponent}.`;
    case 'disputed':
      return `You reported ${reportedText(mine, side)}; ${opponent} reported ${reportedText(theirs, side)}. The arbiter will decide.`;
    case 'arbiter':
      return `Result: ${outcomeText(board.result, side)}, set by the arbiter.`;
  }
};

/**
 * The viewer's own board of the round, as an individual event's "your game": the result from
 * their side ("I won / Draw / I lost", each confirmed before it is sent), the opponent's report
 * to confirm or contradict, and where a report stands (waiting, confirmed, disputed, decided).
 */
export const TeamSwissMyBoard = ({ event, round, username }: MyBoardProps) => {
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
  return (
    <section aria-labelledby="team-my-board-title" className="flex min-w-0 flex-col gap-2 rounded-lg border-2 border-amber-400 p-3 dark:border-amber-600">
      <h3 id="team-my-board-title" className="font-semibold">
        Your game
      </h3>
      <p className="text-sm break-words">
        Round {round.number}, table {match.table}, board {board.board}: you play {side === 'white' ? 'White' : 'Black'} for {teamName(match, board, side)}
        {opponentSeat ? ` against ${opponent} (${teamName(match, board, otherSide(side))}).` : '; the other team fielded nobody on this board.'}
      </p>
      <p className="text-sm break-words" aria-live="polite">
        {opponentSeat === null && !board.result
          ? 'The arbiter records the forfeit.'
          : online
            ? board.result
              ? `Result: ${outcomeText(board.result, side)}, from the game.`
              : 'Played online: the result comes from the game.'
            : statusText(board, side, opponent, open)}
      </p>
      {online && (
        <Link to={`/game/${board.game_id}`} className="text-sm font-medium text-emerald-800 underline dark:text-emerald-400">
          {board.result ? 'See the game' : 'Go to your game'}
        </Link>
      )}
      {open && event.viewer_is_leader && status.kind !== 'confirmed' && (
        <p className="text-sm text-slate-600 dark:text-slate-300">As an arbiter of this event, you set this board&apos;s result in the arbiter panel.</p>
      )}
      {canReport && (
        <div role="group" aria-label="Report your result" className="flex flex-wrap gap-2">
          {outcomesFor(side).map(({ label, result }) => {
            // Answering the opponent's report: the same result confirms it, another disputes it.
            const confirms = answering && result === board.result;
            const disputes = answering && !confirms;
            return (
              <ConfirmButton
                key={label}
                variant={confirms ? 'primary' : 'secondary'}
                confirmLabel={`Yes, ${label === 'Draw' ? 'a draw' : label} (${resultLabel(result)})${disputes ? ': the arbiter decides' : ''}`}
                disabled={report.isPending}
                onConfirm={() => report.mutate({ round: round.number, table: match.table, board: board.board, result })}
              >
                {confirms ? `Confirm: ${label}` : label}
              </ConfirmButton>
            );
          })}
        </div>
      )}
      {report.error && <ErrorMessage error={report.error} />}
    </section>
  );
};
