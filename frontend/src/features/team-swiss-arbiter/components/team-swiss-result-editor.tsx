import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { useTeamRound } from '@/lib/team-swiss/get-team-swiss';
import { useSetBoardResult } from '@/lib/team-swiss/record-result';
import { matchWith, resultInWords, seatName } from '@/lib/team-swiss/board-reports';
import { matchScore, resultLabel } from '@/lib/team-swiss/display';
import type { Board, BoardResult, Match, TeamRound, TeamSwissEvent } from '@/lib/team-swiss/types';
import { errorMessage } from '@/lib/api-error';
import { choicesFor, seatLabel, statusText } from '@/features/team-swiss-arbiter/utils/board-texts';

type Proposal = { match: Match; board: Board; result: BoardResult };

/** Asks before a result is saved, showing what will be recorded: the board, its players, the result and the match score it makes. */
const ResultConfirm = ({ event, round, proposal: asked, onDone }: { event: TeamSwissEvent; round: TeamRound; proposal: Proposal | null; onDone: () => void }) => {
  const { t } = useLingui();
  const save = useSetBoardResult(event.id);
  if (!asked) return null;
  // The board as it is now: a player's report may have arrived since the arbiter picked.
  const match = round.matches.find((each) => each.table === asked.match.table) ?? asked.match;
  const board = match.boards.find((each) => each.board === asked.board.board) ?? asked.board;
  const { result } = asked;
  const after = matchWith(match, board.board, result, event.game_points);
  const table = match.table;
  const boardNumber = board.board;
  const roundNumber = round.number;
  const code = resultLabel(result);
  const before = board.result ? resultInWords(board, board.result) : '';
  const decided = resultInWords(board, result);
  const white = seatName(board, 'white');
  const black = seatName(board, 'black');
  const whiteReport = board.white_report ? resultInWords(board, board.white_report) : t({ message: 'nothing', comment: 'A player reported no result.' });
  const blackReport = board.black_report ? resultInWords(board, board.black_report) : t({ message: 'nothing', comment: 'A player reported no result.' });
  const open = after.open;
  return (
    <Dialog
      title={board.result ? t`Table ${table}, board ${boardNumber}: correct ${code}` : t`Table ${table}, board ${boardNumber}: set ${code}`}
      open
      onClose={onDone}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium">
          <Trans comment="A board of a match.">Board</Trans>
        </dt>
        <dd className="min-w-0 break-words">
          <Trans>
            Round {roundNumber}, table {table}, board {boardNumber}
          </Trans>
        </dd>
        <dt className="font-medium">
          <Trans>Players</Trans>
        </dt>
        <dd className="min-w-0 break-words">
          {seatLabel(match, board, 'white')} – {seatLabel(match, board, 'black')}
        </dd>
        <dt className="font-medium">
          <Trans comment="A game's result.">Result</Trans>
        </dt>
        <dd className="min-w-0 break-words">
          {board.result ? (
            <Trans comment="A result is corrected: the old one becomes the new one.">
              {before} becomes <strong>{decided}</strong>
            </Trans>
          ) : (
            <strong>{decided}</strong>
          )}
        </dd>
        {board.disputed && (
          <>
            <dt className="font-medium">
              <Trans comment="The players reported different results.">Dispute</Trans>
            </dt>
            <dd className="min-w-0 break-words">
              <Trans>
                {white} reported {whiteReport}; {black} reported {blackReport}. This decision ends it.
              </Trans>
            </dd>
          </>
        )}
        <dt className="font-medium">
          <Trans comment="A match between two teams.">Match</Trans>
        </dt>
        <dd className="min-w-0 break-words">
          {match.white.name} {after.score} {match.black?.name}{' '}
          {open === 0
            ? t({ message: '(complete)', comment: 'Every board of the match has a result.' })
            : t`${plural(open, { one: '(# board still without a result)', other: '(# boards still without a result)' })}`}
        </dd>
      </dl>
      {round.status === 'complete' && (
        <p className="text-sm text-amber-800 dark:text-amber-300">
          <Trans>Round {roundNumber} is complete: the standings change with this correction.</Trans>
        </p>
      )}
      <FormError message={save.error ? errorMessage(save.error) : null} />
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={save.isPending}
          onClick={() => save.mutate({ round: round.number, table: match.table, board: board.board, result }, { onSuccess: onDone })}
        >
          <Trans>Confirm result</Trans>
        </Button>
        <Button variant="secondary" onClick={onDone}>
          <Trans>Keep as it was</Trans>
        </Button>
      </div>
    </Dialog>
  );
};

const BoardResultPicker = ({ match, board, onPick }: { match: Match; board: Board; onPick: (result: BoardResult) => void }) => {
  const { t } = useLingui();
  const [value, setValue] = useState<BoardResult | ''>(board.result);
  const table = match.table;
  const boardNumber = board.board;
  return (
    <div className="flex w-full min-w-0 gap-1">
      <select
        aria-label={t`Result of table ${table} board ${boardNumber}`}
        value={value}
        onChange={(change) => setValue(change.target.value as BoardResult)}
        className="w-0 min-w-0 flex-1 rounded border border-slate-300 bg-white px-1 py-0.5 text-sm sm:w-64 sm:flex-none dark:border-slate-600 dark:bg-slate-900"
      >
        <option value="">{t`Choose…`}</option>
        {choicesFor(board).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Button
        variant="secondary"
        aria-label={board.result ? t`Correct table ${table} board ${boardNumber}` : t`Set table ${table} board ${boardNumber}`}
        disabled={!value || value === board.result}
        onClick={() => value && onPick(value)}
      >
        {board.result ? (
          <Trans comment="Correct a board's result.">Correct</Trans>
        ) : (
          <Trans comment="Set a board's result.">Set</Trans>
        )}
      </Button>
    </div>
  );
};

/** Who reported the result a decision button gives: nobody, one player or both. */
const ClaimedBy = ({ names }: { names: string[] }) => {
  const [first, second] = names;
  if (first === undefined) return null;
  return (
    <span className="text-xs font-normal text-slate-600 dark:text-slate-300">
      {second === undefined ? <Trans>claimed by {first}</Trans> : <Trans>claimed by {first} and {second}</Trans>}
    </span>
  );
};

/** Disputed boards: each player's own report side by side, and the decision (asked before it is saved). */
const DisputeQueue = ({ matches, onPick }: { matches: Match[]; onPick: (proposal: Proposal) => void }) => {
  const { t } = useLingui();
  const disputed = matches.flatMap((match) => match.boards.filter((board) => board.disputed).map((board) => ({ match, board })));
  const count = disputed.length;
  return (
    <section aria-labelledby="team-disputes-title" className="flex min-w-0 flex-col gap-2">
      <h4 id="team-disputes-title" className="font-medium">
        <Trans comment="Disputed boards, how many.">Disputes ({count})</Trans>
      </h4>
      {disputed.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">
          <Trans>No disputed board: a player&apos;s report that the opponent contradicts lands here.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {disputed.map(({ match, board }) => {
            const table = match.table;
            const boardNumber = board.board;
            const whiteTeam = match.white.name;
            const blackTeam = match.black?.name;
            return (
              <li
                key={`${table}:${boardNumber}`}
                aria-label={t`Dispute on table ${table} board ${boardNumber}`}
                className="flex min-w-0 flex-col gap-2 rounded-md border border-amber-400 p-2 text-sm"
              >
                <p className="font-medium break-words">
                  <Trans>
                    Table {table}, board {boardNumber} ({whiteTeam} – {blackTeam}): the players reported different results.
                  </Trans>
                </p>
                <div className="grid gap-2 sm:grid-cols-2">
                  {(['white', 'black'] as const).map((side) => {
                    const report = side === 'white' ? board.white_report : board.black_report;
                    const seat = seatLabel(match, board, side);
                    const what = report ? resultInWords(board, report) : t({ message: 'nothing', comment: 'A player reported no result.' });
                    return (
                      <p key={side} className="min-w-0 rounded bg-slate-50 p-2 break-words dark:bg-slate-800">
                        <Trans>
                          <span className="font-medium">{seat}</span> reported {what}
                        </Trans>
                      </p>
                    );
                  })}
                </div>
                <div role="group" aria-label={t`Decide table ${table} board ${boardNumber}`} className="flex flex-wrap gap-1">
                  {(['1-0', '1/2', '0-1'] as const).map((result) => {
                    const claimed = [board.white_report === result ? seatName(board, 'white') : null, board.black_report === result ? seatName(board, 'black') : null].filter(
                      (name): name is string => name !== null,
                    );
                    const winner = seatName(board, result === '1-0' ? 'white' : 'black');
                    return (
                      <Button key={result} variant="secondary" className="max-w-full flex-col wrap-anywhere" onClick={() => onPick({ match, board, result })}>
                        {result === '1/2' ? t({ message: 'Draw', comment: 'The arbiter decides a disputed board: a draw.' }) : t`${winner} won`}
                        <ClaimedBy names={claimed} />
                      </Button>
                    );
                  })}
                </div>
              </li>
            );
          })}
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
  const { t } = useLingui();
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const round = useTeamRound(event.id, number);
  const matches = (round.data?.matches ?? []).filter((match) => match.black !== null && match.boards.length > 0);
  if (!round.data || matches.length === 0) return null;
  return (
    <section aria-labelledby="team-results-title" className="flex min-w-0 flex-col gap-3">
      <h3 id="team-results-title" className="font-semibold">
        <Trans>Results of round {number}</Trans>
      </h3>
      <DisputeQueue matches={matches} onPick={setProposal} />
      <table aria-label={t`Results of round ${number}`} className="w-full text-sm">
        <thead className="hidden sm:table-header-group">
          <tr className="text-start text-slate-600 dark:text-slate-300">
            <th className="py-1 pe-2 font-medium">
              <Trans comment="Column heading: the board's number.">Board</Trans>
            </th>
            <th className="py-1 pe-2 font-medium">
              <Trans>Players</Trans>
            </th>
            <th className="py-1 pe-2 font-medium">
              <Trans comment="Column heading: the board's result as it stands now.">Now</Trans>
            </th>
            <th className="py-1 font-medium">
              <Trans comment="Column heading: where the arbiter sets or corrects a board's result.">Set or correct</Trans>
            </th>
          </tr>
        </thead>
        {matches.map((match) => {
          const table = match.table;
          const whiteTeam = match.white.name;
          const blackTeam = match.black?.name;
          const score = matchScore(match) ?? '';
          return (
            <tbody key={table}>
              <tr className="border-t-2 border-slate-300 dark:border-slate-600">
                <th colSpan={4} className="py-1 text-start font-medium break-words">
                  {t({ message: `Table ${table}: ${whiteTeam} – ${blackTeam} ${score}`, comment: 'A match: its table, the two teams, the score so far.' })}
                </th>
              </tr>
              {match.boards.map((board) => (
                <tr
                  key={board.board}
                  className={`flex flex-wrap items-baseline gap-x-2 border-t border-slate-200 py-1 sm:table-row sm:py-0 dark:border-slate-700 ${board.disputed ? 'bg-amber-50 dark:bg-amber-950/40' : ''}`}
                >
                  <td className="tabular-nums sm:py-1 sm:pe-2 sm:align-top">{board.board}</td>
                  <td className="min-w-0 break-words sm:py-1 sm:pe-2 sm:align-top">
                    {board.white ? seatName(board, 'white') : '—'} – {board.black ? seatName(board, 'black') : '—'}
                  </td>
                  <td className={`min-w-0 break-words sm:py-1 sm:pe-2 sm:align-top ${board.disputed ? 'text-amber-800 dark:text-amber-300' : 'text-slate-600 dark:text-slate-300'}`}>
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
          );
        })}
      </table>
      <ResultConfirm event={event} round={round.data} proposal={proposal} onDone={() => setProposal(null)} />
    </section>
  );
};
