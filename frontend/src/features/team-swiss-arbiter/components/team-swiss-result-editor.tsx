import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { useTeamRound } from '@/lib/team-swiss/get-team-swiss';
import { useSetBoardResult } from '@/lib/team-swiss/record-result';
import { matchWith, reportStatus, resultInWords, seatName, type Side } from '@/lib/team-swiss/board-reports';
import { matchScore, resultLabel } from '@/lib/team-swiss/display';
import type { Board, BoardResult, Match, TeamRound, TeamSwissEvent } from '@/lib/team-swiss/types';
import { errorMessage } from '@/lib/api-error';

type Proposal = { match: Match; board: Board; result: BoardResult };

/** The team a board's side plays for. */
const teamOf = (match: Match, board: Board, side: Side): string => {
  const tpn = board[side]?.tpn;
  if (tpn !== undefined) return tpn === match.white.tpn ? match.white.name : (match.black?.name ?? '');
  // Nobody fielded: the side's team from the board's colours (the match's white team has White on `white_team_colour`).
  const whiteTeam = (board.white_team_colour === 'w') === (side === 'white');
  return whiteTeam ? match.white.name : (match.black?.name ?? '');
};

const seatLabel = (match: Match, board: Board, side: Side) =>
  `${board[side] ? seatName(board, side) : 'nobody'} (${teamOf(match, board, side)}, ${side === 'white' ? 'White' : 'Black'})`;

/** What a board's result is and where it came from, for the arbiter. */
const statusText = (board: Board): string => {
  const status = reportStatus(board);
  switch (status.kind) {
    case 'none':
      return 'no result';
    case 'disputed':
      return 'disputed';
    case 'reported':
      return `${resultLabel(board.result)}, reported by ${seatName(board, status.by)}, not confirmed yet`;
    case 'confirmed':
      return `${resultLabel(board.result)}, confirmed by both players`;
    case 'arbiter':
      return `${resultLabel(board.result)}, set by an arbiter`;
  }
};

/** The results a board takes (the server's rule): any while both players are there, else only a forfeit against the side that fielded nobody. */
const choicesFor = (board: Board): { value: BoardResult; label: string }[] => {
  const white = seatName(board, 'white');
  const black = seatName(board, 'black');
  const all: { value: BoardResult; label: string }[] = [
    { value: '1-0', label: `1-0 (${white} won)` },
    { value: '0-1', label: `0-1 (${black} won)` },
    { value: '1/2', label: '½-½ (draw)' },
    { value: '+-', label: `+- (${black} forfeits)` },
    { value: '-+', label: `-+ (${white} forfeits)` },
    { value: '--', label: '-- (both forfeit)' },
  ];
  if (board.white === null && board.black === null) return all.filter((choice) => choice.value === '--');
  if (board.white === null) return all.filter((choice) => choice.value === '-+' || choice.value === '--');
  if (board.black === null) return all.filter((choice) => choice.value === '+-' || choice.value === '--');
  return all;
};

/** Asks before a result is saved, showing what will be recorded: the board, its players, the result and the match score it makes. */
const ResultConfirm = ({ event, round, proposal: asked, onDone }: { event: TeamSwissEvent; round: TeamRound; proposal: Proposal | null; onDone: () => void }) => {
  const save = useSetBoardResult(event.id);
  if (!asked) return null;
  // The board as it is now: a player's report may have arrived since the arbiter picked.
  const match = round.matches.find((each) => each.table === asked.match.table) ?? asked.match;
  const board = match.boards.find((each) => each.board === asked.board.board) ?? asked.board;
  const { result } = asked;
  const after = matchWith(match, board.board, result, event.game_points);
  return (
    <Dialog title={`Table ${match.table}, board ${board.board}: ${board.result ? 'correct' : 'set'} ${resultLabel(result)}`} open onClose={onDone}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium">Board</dt>
        <dd className="min-w-0 break-words">
          Round {round.number}, table {match.table}, board {board.board}
        </dd>
        <dt className="font-medium">Players</dt>
        <dd className="min-w-0 break-words">
          {seatLabel(match, board, 'white')} – {seatLabel(match, board, 'black')}
        </dd>
        <dt className="font-medium">Result</dt>
        <dd className="min-w-0 break-words">
          {board.result ? `${resultInWords(board, board.result)} becomes ` : ''}
          <strong>{resultInWords(board, result)}</strong>
        </dd>
        {board.disputed && (
          <>
            <dt className="font-medium">Dispute</dt>
            <dd className="min-w-0 break-words">
              {seatName(board, 'white')} reported {board.white_report ? resultInWords(board, board.white_report) : 'nothing'}; {seatName(board, 'black')} reported{' '}
              {board.black_report ? resultInWords(board, board.black_report) : 'nothing'}. This decision ends it.
            </dd>
          </>
        )}
        <dt className="font-medium">Match</dt>
        <dd className="min-w-0 break-words">
          {match.white.name} {after.score} {match.black?.name}
          {after.open === 0 ? ' (complete)' : ` (${after.open === 1 ? '1 board' : `${after.open} boards`} still without a result)`}
        </dd>
      </dl>
      {round.status === 'complete' && <p className="text-sm text-amber-800 dark:text-amber-300">Round {round.number} is complete: the standings change with this correction.</p>}
      <FormError message={save.error ? errorMessage(save.error) : null} />
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={save.isPending}
          onClick={() => save.mutate({ round: round.number, table: match.table, board: board.board, result }, { onSuccess: onDone })}
        >
          Confirm result
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Keep as it was
        </Button>
      </div>
    </Dialog>
  );
};

const BoardResultPicker = ({ match, board, onPick }: { match: Match; board: Board; onPick: (result: BoardResult) => void }) => {
  const [value, setValue] = useState<BoardResult | ''>(board.result);
  const label = `table ${match.table} board ${board.board}`;
  return (
    <div className="flex w-full min-w-0 gap-1">
      <select
        aria-label={`Result of ${label}`}
        value={value}
        onChange={(change) => setValue(change.target.value as BoardResult)}
        className="w-0 min-w-0 flex-1 rounded border border-slate-300 bg-white px-1 py-0.5 text-sm sm:w-64 sm:flex-none dark:border-slate-600 dark:bg-slate-900"
      >
        <option value="">Choose…</option>
        {choicesFor(board).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Button variant="secondary" aria-label={`${board.result ? 'Correct' : 'Set'} ${label}`} disabled={!value || value === board.result} onClick={() => value && onPick(value)}>
        {board.result ? 'Correct' : 'Set'}
      </Button>
    </div>
  );
};

/** Disputed boards: each player's own report side by side, and the decision (asked before it is saved). */
const DisputeQueue = ({ matches, onPick }: { matches: Match[]; onPick: (proposal: Proposal) => void }) => {
  const disputed = matches.flatMap((match) => match.boards.filter((board) => board.disputed).map((board) => ({ match, board })));
  return (
    <section aria-labelledby="team-disputes-title" className="flex min-w-0 flex-col gap-2">
      <h4 id="team-disputes-title" className="font-medium">
        Disputes ({disputed.length})
      </h4>
      {disputed.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">No disputed board: a player&apos;s report that the opponent contradicts lands here.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {disputed.map(({ match, board }) => (
            <li
              key={`${match.table}:${board.board}`}
              aria-label={`Dispute on table ${match.table} board ${board.board}`}
              className="flex min-w-0 flex-col gap-2 rounded-md border border-amber-400 p-2 text-sm"
            >
              <p className="font-medium break-words">
                Table {match.table}, board {board.board} ({match.white.name} – {match.black?.name}): the players reported different results.
              </p>
              <div className="grid gap-2 sm:grid-cols-2">
                {(['white', 'black'] as const).map((side) => {
                  const report = side === 'white' ? board.white_report : board.black_report;
                  return (
                    <p key={side} className="min-w-0 rounded bg-slate-50 p-2 break-words dark:bg-slate-800">
                      <span className="font-medium">{seatLabel(match, board, side)}</span> reported {report ? resultInWords(board, report) : 'nothing'}
                    </p>
                  );
                })}
              </div>
              <div role="group" aria-label={`Decide table ${match.table} board ${board.board}`} className="flex flex-wrap gap-1">
                {(['1-0', '1/2', '0-1'] as const).map((result) => {
                  const claimed = [board.white_report === result ? seatName(board, 'white') : null, board.black_report === result ? seatName(board, 'black') : null].filter(Boolean);
                  return (
                    <Button key={result} variant="secondary" className="max-w-full flex-col wrap-anywhere" onClick={() => onPick({ match, board, result })}>
                      {result === '1/2' ? 'Draw' : `${seatName(board, result === '1-0' ? 'white' : 'black')} won`}
                      {claimed.length > 0 && <span className="text-xs font-normal text-slate-600 dark:text-slate-300">claimed by {claimed.join(' and ')}</span>}
                    </Button>
                  );
                })}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};

/**
 * The round's results for the arbiter: the dispute queue, then every board with where its result
 * stands and a picker to set or correct it; each decision is shown before it is saved. On a phone
 * each board's row wraps (names and state, the picker below), so nothing is cut off.
 */
export const TeamSwissResultEditor = ({ event, number }: { event: TeamSwissEvent; number: number }) => {
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const round = useTeamRound(event.id, number);
  const matches = (round.data?.matches ?? []).filter((match) => match.black !== null && match.boards.length > 0);
  if (!round.data || matches.length === 0) return null;
  return (
    <section aria-labelledby="team-results-title" className="flex min-w-0 flex-col gap-3">
      <h3 id="team-results-title" className="font-semibold">
        Results of round {number}
      </h3>
      <DisputeQueue matches={matches} onPick={setProposal} />
      <table aria-label={`Results of round ${number}`} className="w-full text-sm">
        <thead className="hidden sm:table-header-group">
          <tr className="text-left text-slate-600 dark:text-slate-300">
            <th className="py-1 pr-2 font-medium">Board</th>
            <th className="py-1 pr-2 font-medium">Players</th>
            <th className="py-1 pr-2 font-medium">Now</th>
            <th className="py-1 font-medium">Set or correct</th>
          </tr>
        </thead>
        {matches.map((match) => (
          <tbody key={match.table}>
            <tr className="border-t-2 border-slate-300 dark:border-slate-600">
              <th colSpan={4} className="py-1 text-left font-medium break-words">
                Table {match.table}: {match.white.name} – {match.black?.name} {matchScore(match) ?? ''}
              </th>
            </tr>
            {match.boards.map((board) => (
              <tr
                key={board.board}
                className={`flex flex-wrap items-baseline gap-x-2 border-t border-slate-200 py-1 sm:table-row sm:py-0 dark:border-slate-700 ${board.disputed ? 'bg-amber-50 dark:bg-amber-950/40' : ''}`}
              >
                <td className="tabular-nums sm:py-1 sm:pr-2 sm:align-top">{board.board}</td>
                <td className="min-w-0 break-words sm:py-1 sm:pr-2 sm:align-top">
                  {board.white ? seatName(board, 'white') : '—'} – {board.black ? seatName(board, 'black') : '—'}
                </td>
                <td className={`min-w-0 break-words sm:py-1 sm:pr-2 sm:align-top ${board.disputed ? 'text-amber-800 dark:text-amber-300' : 'text-slate-600 dark:text-slate-300'}`}>
                  {statusText(board)}
                </td>
                <td className="flex w-full min-w-0 py-1 sm:table-cell sm:w-auto sm:align-top">
                  {/* Keyed by the result: one that arrives in a push (a player's report, a dispute) resets the picker. */}
                  <BoardResultPicker
                    key={`${board.result}:${String(board.disputed)}`}
                    match={match}
                    board={board}
                    onPick={(result) => setProposal({ match, board, result })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
      <ResultConfirm event={event} round={round.data} proposal={proposal} onDone={() => setProposal(null)} />
    </section>
  );
};
