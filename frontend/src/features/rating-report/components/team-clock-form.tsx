import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useSaveTeamClock, useTeamEventClock } from '@/features/rating-report/api/rating-report';
import type { ReportTarget } from '@/features/rating-report/api/report-target';
import { ApiError, errorMessage } from '@/lib/api-error';

/** A team event's rate of play: base minutes and seconds per move, what 122/222 and the games' rating category come from. */
export const TeamClockForm = ({ target, onSaved }: { target: ReportTarget; onSaved: (text: string) => void }) => {
  const { t } = useLingui();
  const detail = useTeamEventClock(target);
  if (detail.isPending) return <Spinner label={t`Reading the rate of play…`} />;
  if (!detail.data) return <p className="text-sm">{detail.error ? errorMessage(detail.error) : t`No such event.`}</p>;
  return <ClockFields target={target} minutes={detail.data.clock_minutes} increment={detail.data.clock_increment} onSaved={onSaved} />;
};

const ClockFields = ({
  target,
  minutes,
  increment,
  onSaved,
}: {
  target: ReportTarget;
  minutes: number | null;
  increment: number;
  onSaved: (text: string) => void;
}) => {
  const { t } = useLingui();
  const [base, setBase] = useState(minutes === null ? '' : String(minutes));
  const [extra, setExtra] = useState(String(increment));
  const save = useSaveTeamClock(target);
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { clock_minutes: base.trim() === '' ? null : Number(base), clock_increment: extra.trim() === '' ? 0 : Number(extra) },
      { onSuccess: () => onSaved(t`The rate of play is saved; the report is checked again.`) },
    );
  };
  return (
    <form onSubmit={submit} aria-label={t`The rate of play`} className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-3">
        <TextField
          label={t`Minutes for the game`}
          value={base}
          inputMode="numeric"
          placeholder="90"
          error={fields.clock_minutes?.join(' ')}
          onChange={(e) => setBase(e.target.value)}
          className="w-40"
        />
        <TextField
          label={t`Seconds added per move`}
          value={extra}
          inputMode="numeric"
          placeholder="30"
          error={fields.clock_increment?.join(' ')}
          onChange={(e) => setExtra(e.target.value)}
          className="w-40"
        />
      </div>
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save the rate of play</Trans>}
      </Button>
      {save.error && !fields.clock_minutes && !fields.clock_increment && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(save.error)}
        </p>
      )}
    </form>
  );
};
