import { type FormEvent, useState } from 'react';

import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { type EntryFideDataInput, useSaveEntryFideData } from '@/features/rating-report/api/rating-report';
import type { ReportTarget } from '@/features/rating-report/api/report-target';
import type { EntryField, ReportPlayer } from '@/features/rating-report/types/findings';
import { ApiError, errorMessage } from '@/lib/api-error';

const TITLES = ['GM', 'IM', 'FM', 'CM', 'WGM', 'WIM', 'WFM', 'WCM'];

const LABELS: Record<EntryField, string> = {
  name: 'Name',
  fide_id: 'FIDE ID',
  federation: 'Federation',
  title: 'Title',
  birth_year: 'Birth year',
  sex: 'Sex',
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
  const [value, setValue] = useState(current(player, field));
  const save = useSaveEntryFideData(target);
  const label = `${LABELS[field]} of ${player.name || player.username || `player ${player.start_number}`}`;
  const fieldError = save.error instanceof ApiError ? save.error.fields[field]?.join(' ') : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { entryId: player.entry, body: body(field, value) },
      { onSuccess: () => onSaved(`${label} saved; the report is checked again.`) },
    );
  };
  const input =
    field === 'sex' ? (
      <SelectField label={label} value={value} onChange={(event) => setValue(event.target.value)}>
        <option value="">Not given</option>
        <option value="m">m (man)</option>
        <option value="w">w (woman)</option>
      </SelectField>
    ) : field === 'title' ? (
      <SelectField label={label} value={value} onChange={(event) => setValue(event.target.value)}>
        <option value="">No title</option>
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
        placeholder={field === 'birth_year' ? 'YYYY' : field === 'federation' ? 'NOR' : undefined}
        className="w-40"
      />
    );
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      {input}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save'}
      </Button>
      {save.error && !fieldError && (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {errorMessage(save.error)}
        </p>
      )}
    </form>
  );
};
