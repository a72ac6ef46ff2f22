import { useState } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useTeamRound } from '@/features/team-swiss/api/get-team-swiss';
import { useCloseLineups, useSetBoardResult, useStartNextRound } from '@/features/team-swiss/api/team-swiss-actions';
import { ScrollTable, td, th } from '@/features/team-swiss/components/scroll-table';
import { TeamSwissRegisterForm } from '@/features/team-swiss/components/team-swiss-register-form';
import { TeamSwissWithdrawButton } from '@/features/team-swiss/components/team-swiss-withdraw-button';
import { BOARD_RESULTS, matchScore, resultLabel } from '@/features/team-swiss/types/display';
import type { Board, BoardResult, Match, TeamSwissEvent } from '@/features/team-swiss/types/team-swiss';
import { errorMessage } from '@/lib/api-error';

const BoardResultPicker = ({ event, match, board }: { event: TeamSwissEvent; match: Match; board: Board }) => {
  const [value, setValue] = useState<BoardResult | ''>(board.result);
  const set = useSetBoardResult(event.id);
  const label = `Table ${match.table} board ${board.board}`;
  return (
    <div className="flex flex-wrap items-center gap-1">
      <select
        aria-label={`Result of ${label.toLowerCase()}`}
        value={value}
        onChange={(change) => setValue(change.target.value as BoardResult)}
        className="max-w-full min-w-0 rounded border border-slate-300 bg-white px-1 py-0.5 text-sm dark:border-slate-600 dark:bg-slate-900"
      >
        <option value="">—</option>
        {BOARD_RESULTS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Button
        variant="secondary"
        aria-label={`${board.result ? 'Correct' : 'Set'} ${label.toLowerCase()}`}
        disabled={!value || value === board.result || set.isPending}
        onClick={() => value && set.mutate({ round: match.round, table: match.table, board: board.board, result: value })}
      >
        {board.result ? 'Correct' : 'Set'}
      </Button>
      {set.error && <FormError message={errorMessage(set.error)} />}
    </div>
  );
};

/** Every board of the round with a result picker (set, or correct what a player reported). */
const ResultEditor = ({ event, number }: { event: TeamSwissEvent; number: number }) => {
  const round = useTeamRound(event.id, number);
  const matches = (round.data?.matches ?? []).filter((match) => match.black !== null && match.boards.length > 0);
  if (matches.length === 0) return null;
  const disputes = matches.flatMap((match) => match.boards).filter((board) => board.disputed).length;
  return (
    <section aria-labelledby="team-results-title" className="flex min-w-0 flex-col gap-2">
      <h3 id="team-results-title" className="font-semibold">
        Results of round {number}
      </h3>
      {disputes > 0 && (
        <p role="status" className="text-sm text-amber-800 dark:text-amber-300">
          {disputes === 1 ? '1 disputed board waits' : `${disputes} disputed boards wait`} for your decision (both players&apos; reports beside it).
        </p>
      )}
      <ScrollTable>
        <table aria-label={`Results of round ${number}`} className="w-full text-sm">
          <thead>
            <tr className="text-slate-600 dark:text-slate-300">
              <th className={th}>Board</th>
              <th className={th}>White</th>
              <th className={th}>Black</th>
              <th className={th}>Result</th>
            </tr>
          </thead>
          {matches.map((match) => (
            <tbody key={match.table}>
              <tr className="border-t-2 border-slate-300 dark:border-slate-600">
                <th colSpan={4} className="py-1 text-left font-medium">
                  Table {match.table}: {match.white.name} – {match.black?.name} {matchScore(match) ?? ''}
                </th>
              </tr>
              {match.boards.map((board) => (
                <tr key={board.board} className="border-t border-slate-200 dark:border-slate-700">
                  <td className={`${td} tabular-nums`}>{board.board}</td>
                  <td className={td}>{board.white?.name ?? '—'}</td>
                  <td className={td}>{board.black?.name ?? '—'}</td>
                  <td className={td}>
                    {board.disputed && (
                      <p className="text-xs text-amber-800 dark:text-amber-300">
                        Disputed: White reported {resultLabel(board.white_report)}, Black {resultLabel(board.black_report)}
                      </p>
                    )}
                    {/* Keyed by the result: one that arrives in a push (a player's report, a dispute) resets the picker. */}
                    <BoardResultPicker key={`${board.result}:${String(board.disputed)}`} event={event} match={match} board={board} />
                  </td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </ScrollTable>
    </section>
  );
};

/** The host team's leaders' controls: register and withdraw teams, pair the next round, close line-ups, results, TRF. */
export const TeamSwissArbiterPanel = ({ event }: { event: TeamSwissEvent }) => {
  const start = useStartNextRound(event.id);
  const close = useCloseLineups(event.id);
  const round = event.round;
  const next = event.current_round + 1;
  const roundOpen = round !== null && round.status !== 'complete';
  const canStart = event.status !== 'finished' && next <= event.num_rounds && !roundOpen;
  return (
    <section aria-label="Arbiter" className="flex min-w-0 flex-col gap-4 rounded-lg border-2 border-emerald-600 p-3 sm:p-4">
      <h2 className="text-lg font-semibold">Arbiter</h2>
      <div className="flex flex-wrap items-center gap-2">
        {canStart && (
          <Button disabled={start.isPending} onClick={() => start.mutate()}>
            Pair round {next}
          </Button>
        )}
        {round?.status === 'lineups' && (
          <Button disabled={close.isPending} onClick={() => close.mutate(round.number)}>
            Close line-ups of round {round.number}
          </Button>
        )}
        <a href={`/api/team-swiss/${event.id}/export/trf/`} download className="text-sm underline">
          Export TRF
        </a>
        <Link to={`/team-swiss/${event.id}/rating-report`} className="text-sm underline">
          FIDE rating report
        </Link>
      </div>
      {roundOpen && round.status === 'playing' && (
        <p className="text-sm text-slate-600 dark:text-slate-300">Round {round.number} is being played: the next round is paired once every board has a result.</p>
      )}
      <FormError message={start.error ? errorMessage(start.error) : close.error ? errorMessage(close.error) : null} />
      {round && round.status !== 'lineups' && <ResultEditor event={event} number={round.number} />}
      {event.status !== 'finished' && event.teams.length > 0 && (
        <section aria-labelledby="team-withdraw-title" className="flex min-w-0 flex-col gap-2">
          <h3 id="team-withdraw-title" className="font-semibold">
            Withdraw a team
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">A withdrawn team is not paired from the next round on; withdrawal is final.</p>
          <ul className="flex flex-col gap-1 text-sm">
            {event.teams.map((team) => (
              <li key={team.tpn} className="flex min-w-0 flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 break-words">
                  {team.tpn}. {team.name}
                </span>
                <TeamSwissWithdrawButton eventId={event.id} team={team} label={`Withdraw ${team.name}`} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {event.status !== 'finished' && <TeamSwissRegisterForm event={event} />}
    </section>
  );
};
