import { formatDuration, useCountdown } from '@/hooks/use-countdown';
import type { Tournament } from '@/lib/swiss/types';

type RoundCountdownProps = {
  tournament: Pick<Tournament, 'status' | 'current_round' | 'num_rounds' | 'next_round_at' | 'start_time' | 'round_interval_seconds'>;
};

/** A live countdown to the start or to the next round (role timer), or what the event waits for. */
export const RoundCountdown = ({ tournament }: RoundCountdownProps) => {
  const { status, current_round: current, num_rounds: total } = tournament;
  const due = status === 'scheduled' ? (tournament.next_round_at ?? tournament.start_time) : tournament.next_round_at;
  const counting = (status === 'scheduled' || status === 'running') && due !== null && current < total;
  const left = useCountdown(counting ? due : null);
  const box = 'rounded-md bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800';
  if (counting && left !== null) {
    const next = current + 1;
    const text = left > 0 ? `Round ${next} starts in ${formatDuration(left)}` : `Round ${next} is starting…`;
    return (
      <div role="timer" aria-label={text} className={`${box} font-medium tabular-nums`}>
        {text}
      </div>
    );
  }
  if (status === 'finished') return <p className={box}>The event is over.</p>;
  if (status === 'cancelled') return <p className={box}>The event was cancelled.</p>;
  // Manual mode (no interval): nothing starts a round but a leader.
  const manual = tournament.round_interval_seconds === null;
  if (status === 'running') {
    const then =
      current >= total
        ? '.'
        : manual
          ? `; waiting for the arbiter to start round ${current + 1}.`
          : '; the next round starts when every game is over.';
    return (
      <p className={box}>
        Round {current} of {total} in progress{then}
      </p>
    );
  }
  return <p className={box}>Waiting for the arbiter to start round {current + 1}.</p>;
};
