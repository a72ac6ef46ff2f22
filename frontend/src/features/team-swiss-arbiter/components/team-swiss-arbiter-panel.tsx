import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TeamSwissRegisterForm } from '@/components/team-swiss/team-swiss-register-form';
import { TeamSwissWithdrawButton } from '@/components/team-swiss/team-swiss-withdraw-button';
import { useCloseLineups } from '@/features/team-swiss-arbiter/api/close-lineups';
import { useStartNextRound } from '@/features/team-swiss-arbiter/api/start-next-round';
import { TeamSwissResultEditor } from '@/features/team-swiss-arbiter/components/team-swiss-result-editor';
import type { TeamSwissEvent } from '@/lib/team-swiss/types';
import { errorMessage } from '@/lib/api-error';

type TeamSwissArbiterPanelProps = {
  event: TeamSwissEvent;
  /** The open arbiter calls of an online event's games, first; the audit log, last (both the
   * individual events' tools, composed by the app: features do not import each other). */
  calls?: ReactNode;
  log?: ReactNode;
};

/** The host team's leaders' controls: the arbiter calls, register and withdraw teams, pair the next round, close line-ups, results, TRF, the audit log. */
export const TeamSwissArbiterPanel = ({ event, calls, log }: TeamSwissArbiterPanelProps) => {
  const { t } = useLingui();
  const start = useStartNextRound(event.id);
  const close = useCloseLineups(event.id);
  const round = event.round;
  const next = event.current_round + 1;
  const roundOpen = round !== null && round.status !== 'complete';
  const canStart = event.status !== 'finished' && next <= event.num_rounds && !roundOpen;
  const roundNumber = round?.number;
  return (
    <section
      aria-label={t({ message: 'Arbiter', comment: "Heading of the host team's leaders' controls of an event." })}
      className="flex min-w-0 flex-col gap-4 rounded-lg border-2 border-emerald-600 p-3 sm:p-4"
    >
      <h2 className="text-lg font-semibold">
        <Trans comment="Heading of the host team's leaders' controls of an event.">Arbiter</Trans>
      </h2>
      {calls}
      <div className="flex flex-wrap items-center gap-2">
        {canStart && (
          <Button disabled={start.isPending} onClick={() => start.mutate()}>
            <Trans>Pair round {next}</Trans>
          </Button>
        )}
        {round?.status === 'lineups' && (
          <Button disabled={close.isPending} onClick={() => close.mutate(round.number)}>
            <Trans>Close line-ups of round {roundNumber}</Trans>
          </Button>
        )}
        <a href={`/api/team-swiss/${event.id}/export/trf/`} download className="text-sm underline">
          <Trans>Export TRF</Trans>
        </a>
        <Link to={`/team-swiss/${event.id}/rating-report`} className="text-sm underline">
          <Trans>FIDE rating report</Trans>
        </Link>
      </div>
      {roundOpen && round.status === 'playing' && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>Round {roundNumber} is being played: the next round is paired once every board has a result.</Trans>
        </p>
      )}
      <FormError message={start.error ? errorMessage(start.error) : close.error ? errorMessage(close.error) : null} />
      {round && round.status !== 'lineups' && <TeamSwissResultEditor event={event} number={round.number} />}
      {event.status !== 'finished' && event.teams.length > 0 && (
        <section aria-labelledby="team-withdraw-title" className="flex min-w-0 flex-col gap-2">
          <h3 id="team-withdraw-title" className="font-semibold">
            <Trans>Withdraw a team</Trans>
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            <Trans>A withdrawn team is not paired from the next round on; withdrawal is final.</Trans>
          </p>
          <ul className="flex flex-col gap-1 text-sm">
            {event.teams.map((team) => {
              const name = team.name;
              return (
                <li key={team.tpn} className="flex min-w-0 flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0 break-words">
                    {team.tpn}. {name}
                  </span>
                  <TeamSwissWithdrawButton eventId={event.id} team={team} label={t`Withdraw ${name}`} />
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {event.status !== 'finished' && <TeamSwissRegisterForm event={event} />}
      {log}
    </section>
  );
};
