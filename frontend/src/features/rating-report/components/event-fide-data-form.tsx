import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { type RatingReport, useSaveEventFideData } from '@/features/rating-report/api/rating-report';
import type { ReportTarget } from '@/features/rating-report/api/report-target';
import { ApiError, errorMessage } from '@/lib/api-error';

type Event = RatingReport['tournament'];
type Arbiter = { name: string; fide_id: string };

/** The event's FIDE data where the report reads it: 022 place, 032 federation, 102 and 112 arbiters. */
export const EventFideDataForm = ({ target, event, onSaved }: { target: ReportTarget; event: Event; onSaved: (text: string) => void }) => {
  const { t } = useLingui();
  const [venue, setVenue] = useState(event.venue);
  const [federation, setFederation] = useState(event.federation);
  const [chiefName, setChiefName] = useState(event.chief_arbiter_name);
  const [chiefId, setChiefId] = useState(event.chief_arbiter_fide_id);
  const [deputies, setDeputies] = useState<Arbiter[]>(event.deputy_arbiters.map((d) => ({ ...d })));
  const save = useSaveEventFideData(target);
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const online = event.mode === 'online';
  const setDeputy = (index: number, change: Partial<Arbiter>) =>
    setDeputies(deputies.map((deputy, i) => (i === index ? { ...deputy, ...change } : deputy)));
  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    save.mutate(
      {
        ...(online ? {} : { venue: venue.trim() }),
        federation: federation.trim(),
        chief_arbiter_name: chiefName.trim(),
        chief_arbiter_fide_id: chiefId.trim(),
        deputy_arbiters: deputies.filter((d) => d.name.trim() || d.fide_id.trim()),
      },
      { onSuccess: () => onSaved(t`The event's FIDE data is saved; the report is checked again.`) },
    );
  };
  const known = new Set(['venue', 'federation', 'chief_arbiter_name', 'chief_arbiter_fide_id']);
  const other = Object.entries(fields).filter(([name]) => !known.has(name));
  return (
    <form onSubmit={submit} aria-label={t`The event's FIDE data`} className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-3">
        {!online && (
          <TextField
            label={t({ message: 'Place (city, 022)', comment: "The event's place, TRF record 022." })}
            value={venue}
            maxLength={120}
            error={fields.venue?.join(' ')}
            onChange={(e) => setVenue(e.target.value)}
            className="w-full sm:w-64"
          />
        )}
        <TextField
          label={t({ message: 'Federation (032)', comment: "The event's federation, TRF record 032." })}
          value={federation}
          maxLength={3}
          // eslint-disable-next-line no-restricted-syntax -- a federation code, the same in every language
          placeholder="NOR"
          error={fields.federation?.join(' ')}
          onChange={(e) => setFederation(e.target.value.toUpperCase())}
          className="w-32"
        />
      </div>
      <fieldset className="flex flex-wrap gap-3">
        <legend className="mb-1 text-sm font-semibold">
          <Trans comment="TRF record 102.">Chief arbiter (102)</Trans>
        </legend>
        <TextField
          label={t`Chief arbiter's name`}
          value={chiefName}
          maxLength={60}
          placeholder={t({ message: 'Lastname, Firstname', comment: 'How FIDE writes a name: family name, comma, given name.' })}
          error={fields.chief_arbiter_name?.join(' ')}
          onChange={(e) => setChiefName(e.target.value)}
          className="w-full sm:w-64"
        />
        <TextField
          label={t`Chief arbiter's FIDE ID`}
          value={chiefId}
          maxLength={11}
          inputMode="numeric"
          error={fields.chief_arbiter_fide_id?.join(' ')}
          onChange={(e) => setChiefId(e.target.value)}
          className="w-40"
        />
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold">
          <Trans comment="TRF record 112.">Deputy arbiters (112)</Trans>
        </legend>
        {deputies.length === 0 && (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            <Trans comment="No deputy arbiters.">None.</Trans>
          </p>
        )}
        {deputies.map((deputy, index) => {
          const number = index + 1;
          return (
            <div key={index} className="flex flex-wrap items-end gap-3">
              <TextField
                label={t`Deputy ${number}: name`}
                value={deputy.name}
                maxLength={60}
                onChange={(e) => setDeputy(index, { name: e.target.value })}
                className="w-full sm:w-64"
              />
              <TextField
                label={t`Deputy ${number}: FIDE ID`}
                value={deputy.fide_id}
                maxLength={11}
                inputMode="numeric"
                onChange={(e) => setDeputy(index, { fide_id: e.target.value })}
                className="w-40"
              />
              <Button
                variant="secondary"
                aria-label={t`Remove deputy ${number}`}
                onClick={() => setDeputies(deputies.filter((_, i) => i !== index))}
              >
                <Trans comment="Remove a deputy arbiter.">Remove</Trans>
              </Button>
            </div>
          );
        })}
        <Button variant="secondary" className="self-start" onClick={() => setDeputies([...deputies, { name: '', fide_id: '' }])}>
          <Trans>Add a deputy arbiter</Trans>
        </Button>
      </fieldset>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save the event's FIDE data</Trans>}
        </Button>
      </div>
      {save.error && (
        <div role="alert" className="text-sm text-red-700 dark:text-red-400">
          <p>{errorMessage(save.error)}</p>
          {other.map(([name, messages]) => (
            <p key={name}>
              {name}: {messages.join(' ')}
            </p>
          ))}
        </div>
      )}
    </form>
  );
};
