import { Trans, useLingui } from '@lingui/react/macro';

import { formatDuration, useCountdown } from '@/hooks/use-countdown';
import type { Tournament } from '@/lib/swiss/types';

type RoundCountdownProps = {
  tournament: Pick<Tournament, 'status' | 'current_round' | 'num_rounds' | 'next_round_at' | 'start_time' | 'round_interval_seconds'>;
};

/** A live countdown to the start or to the next round (role timer), or what the event waits for. */
export const RoundCountdown = ({ tournament }: RoundCountdownProps) => {
  const { t } = useLingui();
  const { status, current_round: current, num_rounds: total } = tournament;
  const due = status === 'scheduled' ? (tournament.next_round_at ?? tournament.start_time) : tournament.next_round_at;
  const counting = (status === 'scheduled' || status === 'running') && due !== null && current < total;
  const left = useCountdown(counting ? due : null);
  const boxClass = 'rounded-md bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800';
  const next = current + 1;
  if (counting && left !== null) {
    const clock = formatDuration(left);
    const text = left > 0 ? t`Round ${next} starts in ${clock}` : t`Round ${next} is starting…`;
    return (
      <div role="timer" aria-label={text} className={`${boxClass} font-medium tabular-nums`}>
        {text}
      </div>
    );
  }
  if (status === 'finished')
    return (
      <p className={boxClass}>
        <Trans>The event is over.</Trans>
      </p>
    );
  if (status === 'cancelled')
    return (
      <p className={boxClass}>
        <Trans>The event was cancelled.</Trans>
      </p>
    );
  // Manual mode (no interval): nothing starts a round but a leader.
  const manual = tournament.round_interval_seconds === null;
  if (status === 'running')
    return (
      <p className={boxClass}>
        {current >= total ? (
          <Trans>
            Round {current} of {total} in progress.
          </Trans>
        ) : manual ? (
          <Trans>
            Round {current} of {total} in progress; waiting for the arbiter to start round {next}.
          </Trans>
        ) : (
          <Trans>
            Round {current} of {total} in progress; the next round starts when every game is over.
          </Trans>
        )}
      </p>
    );
  return (
    <p className={boxClass}>
      <Trans>Waiting for the arbiter to start round {next}.</Trans>
    </p>
  );
};
