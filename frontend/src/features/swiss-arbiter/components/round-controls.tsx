import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useScheduleNextRound, useStartNextRound } from '@/features/swiss-arbiter/api/arbiter-actions';
import { formatDateTime } from '@/lib/swiss/display';
import { fromLocalInput } from '@/lib/swiss/local-time';
import type { Pairing, Tournament } from '@/lib/swiss/types';
import { errorMessage } from '@/lib/api-error';

type RoundControlsProps = {
  tournament: Tournament;
  /** The current round's boards (none before round 1; null while loading): the next round
   * waits for their results. */
  boards: Pairing[] | null;
};

/** Start the next round now, or set when it starts; starting waits until every board of the
 * current round has its result, and says so. */
export const RoundControls = ({ tournament, boards }: RoundControlsProps) => {
  const next = tournament.current_round + 1;
  const [at, setAt] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const start = useStartNextRound(tournament.id);
  const schedule = useScheduleNextRound(tournament.id);
  const error = start.error ?? schedule.error;
  const pending = (boards ?? []).filter((board) => !board.result).length;
  const loading = tournament.current_round > 0 && boards === null;
  const blocked = loading
    ? `Checking round ${tournament.current_round}…`
    : tournament.current_round > 0 && pending > 0
      ? `Round ${tournament.current_round} is not complete: ${pending} ${pending === 1 ? 'board has' : 'boards have'} no result yet.`
      : null;
  if (next > tournament.num_rounds) return <p className="text-sm">All {tournament.num_rounds} rounds have been paired.</p>;
  return (
    <section id="round-controls" aria-labelledby="round-controls-title" className="flex flex-col gap-2">
      <h3 id="round-controls-title" className="font-semibold">
        Round {next}
      </h3>
      {tournament.next_round_at && <p className="text-sm">Scheduled for {formatDateTime(tournament.next_round_at)}.</p>}
      {tournament.pairing_mode === 'manual' && (
        <p className="text-sm">This event is paired by hand: pair round {next} in the pairing editor below (it starts from the engine&apos;s proposal).</p>
      )}
      <div className="flex flex-wrap items-end gap-2">
        {tournament.pairing_mode !== 'manual' && (
        <Button
          disabled={start.isPending || blocked !== null}
          aria-describedby={blocked ? 'round-controls-blocked' : undefined}
          onClick={() =>
            start.mutate(undefined, {
              onSuccess: (answer) => setNotice('pairings' in answer ? `Round ${answer.number} started.` : 'No valid pairing: the event ended.'),
            })
          }
        >
          Start round {next} now
        </Button>
        )}
        <label className="flex min-w-0 flex-col gap-1 text-sm">
          Start round {next} at (your time zone)
          <input
            type="datetime-local"
            value={at}
            onChange={(event) => setAt(event.target.value)}
            className="max-w-full min-w-0 rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
          />
        </label>
        <Button variant="secondary" disabled={!at || schedule.isPending} onClick={() => schedule.mutate(fromLocalInput(at), { onSuccess: () => setNotice(`Round ${next} scheduled.`) })}>
          Schedule
        </Button>
      </div>
      {blocked && (
        <p id="round-controls-blocked" className="text-sm text-amber-800 dark:text-amber-300">
          {blocked}
        </p>
      )}
      <div aria-live="polite" className="text-sm">
        {notice}
      </div>
      <FormError message={error ? errorMessage(error) : null} />
    </section>
  );
};
