import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';

import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FormError } from '@/components/ui/form-error';
import { QueryBoundary } from '@/components/ui/query-boundary';
import { SelectField } from '@/components/ui/select-field';
import { useLineup, useSubmitLineup } from '@/features/team-swiss-event/api/lineup';
import { formatDuration, useCountdown } from '@/hooks/use-countdown';
import { useTeamSwissEvent } from '@/lib/team-swiss/get-team-swiss';
import { lineupProblem } from '@/lib/team-swiss/display';
import type { SquadPlayer, TeamRound, TeamSwissEvent } from '@/lib/team-swiss/types';
import { ApiError, errorMessage } from '@/lib/api-error';

const Deadline = ({ round }: { round: TeamRound }) => {
  const { t } = useLingui();
  const left = useCountdown(round.lineups_close_at);
  if (left === null)
    return (
      <p className="text-sm">
        <Trans>Line-ups are open until the arbiter closes them.</Trans>
      </p>
    );
  const clock = formatDuration(left);
  const text = left > 0 ? t`Line-ups close in ${clock}` : t`Line-ups are closing…`;
  return (
    <p role="timer" aria-label={text} className="rounded-md bg-slate-100 px-3 py-2 text-sm font-medium tabular-nums dark:bg-slate-800">
      {text}
    </p>
  );
};

type FormProps = { event: TeamSwissEvent; round: TeamRound; tpn: number; squad: SquadPlayer[]; initial: (number | null)[] | null };

const LineupFields = ({ event, round, tpn, squad, initial }: FormProps) => {
  const { t } = useLingui();
  const boards = event.boards;
  const [, navigate] = useLocation();
  const [picked, setPicked] = useState<(number | null)[]>(() =>
    Array.from({ length: event.boards }, (_, index) => (initial ? (initial[index] ?? null) : (squad[index]?.id ?? null))),
  );
  const [serverError, setServerError] = useState<{ field: string | null; message: string } | null>(null);
  const submit = useSubmitLineup(event.id, round.number, tpn);
  const problem = lineupProblem(squad, picked);
  const onSubmit = (form: FormEvent) => {
    form.preventDefault();
    setServerError(null);
    if (problem) return;
    submit.mutate(picked, {
      onSuccess: () => navigate(`/team-swiss/${event.id}`),
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fields : {};
        const players = fields.players ?? fields.non_field_errors;
        setServerError(players ? { field: 'players', message: players.join(' ') } : { field: null, message: errorMessage(error) });
      },
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-xl flex-col gap-3" aria-label={t({ message: 'Line-up', comment: 'the players a team fields on its boards in a round' })}>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        <Trans>
          Pick a player for each board, 1 to {boards}. The boards must follow the squad&apos;s order (a reserve may replace a regular, but nobody
          plays above a player listed before them).
        </Trans>
      </p>
      <fieldset className="flex flex-col gap-2" aria-describedby={serverError?.field ? 'lineup-error' : undefined}>
        <legend className="sr-only">
          <Trans comment="the boards of a team match">Boards</Trans>
        </legend>
        {picked.map((value, index) => {
          const board = index + 1;
          const wrong = problem?.board === board;
          return (
            <div key={board} className="flex flex-col gap-1">
              <SelectField
                label={t({ message: `Board ${board}`, comment: 'a board of a team match' })}
                value={value ?? ''}
                aria-invalid={wrong || undefined}
                onChange={(change) => {
                  const next = [...picked];
                  next[index] = change.target.value ? Number(change.target.value) : null;
                  setPicked(next);
                }}
              >
                <option value="">{t({ message: '— nobody (forfeit)', comment: 'no player on a board: the board is lost by forfeit' })}</option>
                {squad.map((player, position) => {
                  const line = `${position + 1}. ${player.name}${player.rating ? ` (${player.rating})` : ''}`;
                  return (
                    <option key={player.id} value={player.id}>
                      {position >= event.boards ? t({ message: `${line} — reserve`, comment: 'a squad player past the board count; {line} is "2. Name (rating)"' }) : line}
                    </option>
                  );
                })}
              </SelectField>
              {wrong && <p className="text-sm text-red-700 dark:text-red-400">{problem.message}</p>}
            </div>
          );
        })}
      </fieldset>
      {serverError?.field && (
        <p id="lineup-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
          {serverError.message}
        </p>
      )}
      <FormError message={serverError && !serverError.field ? serverError.message : null} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={submit.isPending || problem !== null}>
          <Trans>Submit line-up</Trans>
        </Button>
        <Link to={`/team-swiss/${event.id}`} className="inline-flex items-center px-3 py-1.5 text-sm underline">
          <Trans>Back to the event</Trans>
        </Link>
      </div>
    </form>
  );
};

/** The captain's form: N players from the squad for boards 1..N, in squad order, before the deadline. */
export const TeamSwissLineupForm = ({ eventId, tpn }: { eventId: number; tpn: number }) => {
  const { t } = useLingui();
  const event = useTeamSwissEvent(eventId);
  const round = event.data?.round ?? null;
  const mayRead = Boolean(event.data && (event.data.viewer_captain_of === tpn || event.data.viewer_is_leader));
  const lineup = useLineup(eventId, round?.number ?? 0, tpn, mayRead && round?.status === 'lineups');
  return (
    <QueryBoundary query={event} loadingLabel={t`Loading the event…`}>
      {(data) => {
        const team = data.teams.find((entry) => entry.tpn === tpn);
        if (!team)
          return (
            <EmptyState>
              <Trans>No team {tpn} in this event.</Trans>
            </EmptyState>
          );
        const name = team.name;
        const number = round?.number;
        const header = (
          <h1 className="text-2xl font-bold break-words">
            {number === undefined ? <Trans>Line-up of {name}</Trans> : <Trans>Line-up of {name}, round {number}</Trans>}
          </h1>
        );
        if (!mayRead)
          return (
            <>
              {header}
              <p role="alert">
                <Trans>Only the team&apos;s captain or the host team&apos;s leaders set its line-up.</Trans>
              </p>
            </>
          );
        if (!round || round.status !== 'lineups')
          return (
            <>
              {header}
              <EmptyState>
                <Trans>No round takes line-ups now.</Trans>
              </EmptyState>
            </>
          );
        if (lineup.isPending) return header;
        return (
          <div className="flex flex-col gap-4">
            {header}
            <p className="text-sm">
              <Link to={`/team-swiss/${data.id}`} className="underline">
                {data.name}
              </Link>
              {round.lineups_submitted.includes(tpn) && (
                <>
                  {' · '}
                  <Trans>submitted; a new line-up replaces it</Trans>
                </>
              )}
            </p>
            <Deadline round={round} />
            <LineupFields event={data} round={round} tpn={tpn} squad={[...team.players].sort((a, b) => a.order - b.order)} initial={lineup.data?.submitted ? lineup.data.players.map((player) => player?.id ?? null) : null} />
          </div>
        );
      }}
    </QueryBoundary>
  );
};
