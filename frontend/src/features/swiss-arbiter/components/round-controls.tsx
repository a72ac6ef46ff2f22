import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useScheduleNextRound, useStartNextRound } from '@/features/swiss-arbiter/api/arbiter-actions';
import { dateTimeText } from '@/lib/i18n/format';
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
  const { t } = useLingui();
  const next = tournament.current_round + 1;
  const current = tournament.current_round;
  const total = tournament.num_rounds;
  const [at, setAt] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const start = useStartNextRound(tournament.id);
  const schedule = useScheduleNextRound(tournament.id);
  const error = start.error ?? schedule.error;
  const pending = (boards ?? []).filter((board) => !board.result).length;
  const loading = tournament.current_round > 0 && boards === null;
  const blocked = loading
    ? t`Checking round ${current}…`
    : current > 0 && pending > 0
      ? plural(pending, {
          one: `Round ${current} is not complete: # board has no result yet.`,
          other: `Round ${current} is not complete: # boards have no result yet.`,
        })
      : null;
  if (next > total)
    return (
      <p className="text-sm">
        <Plural value={total} _1="The only round has been paired." other="All # rounds have been paired." />
      </p>
    );
  const scheduled = tournament.next_round_at ? dateTimeText(tournament.next_round_at) : null;
  return (
    <section id="round-controls" aria-labelledby="round-controls-title" className="flex flex-col gap-2">
      <h3 id="round-controls-title" className="font-semibold">
        <Trans comment="a round of a Swiss event">Round {next}</Trans>
      </h3>
      {scheduled && (
        <p className="text-sm">
          <Trans>Scheduled for {scheduled}.</Trans>
        </p>
      )}
      {tournament.pairing_mode === 'manual' && (
        <p className="text-sm">
          <Trans>This event is paired by hand: pair round {next} in the pairing editor below (it starts from the engine&apos;s proposal).</Trans>
        </p>
      )}
      <div className="flex flex-wrap items-end gap-2">
        {tournament.pairing_mode !== 'manual' && (
        <Button
          disabled={start.isPending || blocked !== null}
          aria-describedby={blocked ? 'round-controls-blocked' : undefined}
          onClick={() =>
            start.mutate(undefined, {
              onSuccess: (answer) => {
                if (!('pairings' in answer)) return setNotice(t`No valid pairing: the event ended.`);
                const started = answer.number;
                setNotice(t`Round ${started} started.`);
              },
            })
          }
        >
          <Trans>Start round {next} now</Trans>
        </Button>
        )}
        <label className="flex min-w-0 flex-col gap-1 text-sm">
          <Trans>Start round {next} at (your time zone)</Trans>
          <input
            type="datetime-local"
            value={at}
            onChange={(event) => setAt(event.target.value)}
            className="max-w-full min-w-0 rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
          />
        </label>
        <Button variant="secondary" disabled={!at || schedule.isPending} onClick={() => schedule.mutate(fromLocalInput(at), { onSuccess: () => setNotice(t`Round ${next} scheduled.`) })}>
          <Trans context="button" comment="schedule the next round's start">Schedule</Trans>
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
