import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';

import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { type EntryFideDataInput, useSaveEntryFideData } from '@/features/rating-report/api/rating-report';
import type { ReportTarget } from '@/features/rating-report/api/report-target';
import type { EntryField, ReportPlayer } from '@/features/rating-report/types/findings';
import { ApiError, errorMessage } from '@/lib/api-error';

const TITLES = ['GM', 'IM', 'FM', 'CM', 'WGM', 'WIM', 'WFM', 'WCM'];

const LABELS: Record<EntryField, MessageDescriptor> = {
  name: msg({ message: 'Name', comment: "A player's name." }),
  fide_id: msg`FIDE ID`,
  federation: msg`Federation`,
  title: msg({ message: 'Title', comment: "A player's FIDE title (GM, IM…)." }),
  birth_year: msg`Birth year`,
  sex: msg`Sex`,
};

const current = (player: ReportPlayer, field: EntryField): string => {
  if (field === 'birth_year') return player.birth_year === null ? '' : String(player.birth_year);
  return player[field];
};

const body = (field: EntryField, value: string): EntryFideDataInput =>
  field === 'birth_year' ? { birth_year: value.trim() === '' ? null : Number(value) } : { [field]: value.trim() };

/** One field of an entry's 001 record, corrected where the report names it; saving checks again. */
export const EntryFieldEditor = ({
  target,
  player,
  field,
  onSaved,
}: {
  target: ReportTarget;
  player: ReportPlayer;
  field: EntryField;
  onSaved: (text: string) => void;
}) => {
  const { t } = useLingui();
  const [value, setValue] = useState(current(player, field));
  const save = useSaveEntryFideData(target);
  const fieldName = t(LABELS[field]);
  const startNumber = player.start_number;
  const who = player.name || player.username || t({ message: `player ${startNumber}`, comment: 'A player without a name, by start number.' });
  const label = t({ message: `${fieldName} of ${who}`, comment: 'A field of a player\'s FIDE data, e.g. "Birth year of Nyhus, Per".' });
  const fieldError = save.error instanceof ApiError ? save.error.fields[field]?.join(' ') : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { entryId: player.entry, body: body(field, value) },
      { onSuccess: () => onSaved(t`${label} saved; the report is checked again.`) },
    );
  };
  const input =
    field === 'sex' ? (
      <SelectField label={label} value={value} onChange={(event) => setValue(event.target.value)}>
        <option value="">{t({ message: 'Not given', comment: "A player's sex is not given." })}</option>
        <option value="m">{t({ message: 'm (man)', comment: 'The TRF code m stays as it is.' })}</option>
        <option value="w">{t({ message: 'w (woman)', comment: 'The TRF code w stays as it is.' })}</option>
      </SelectField>
    ) : field === 'title' ? (
      <SelectField label={label} value={value} onChange={(event) => setValue(event.target.value)}>
        <option value="">{t`No title`}</option>
        {TITLES.map((title) => (
          <option key={title} value={title}>
            {title}
          </option>
        ))}
      </SelectField>
    ) : (
      <TextField
        label={label}
        value={value}
        error={fieldError}
        onChange={(event) => setValue(event.target.value)}
        inputMode={field === 'birth_year' || field === 'fide_id' ? 'numeric' : undefined}
        maxLength={field === 'birth_year' ? 4 : field === 'federation' ? 3 : field === 'fide_id' ? 11 : 33}
        placeholder={
          field === 'birth_year'
            ? t({ message: 'YYYY', comment: 'Placeholder of a four-digit year: the letters for "year" in your language.' })
            : field === 'federation'
              ? 'NOR'
              : undefined
        }
        className="w-40"
      />
    );
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      {input}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
      </Button>
      {save.error && !fieldError && (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {errorMessage(save.error)}
        </p>
      )}
    </form>
  );
};
