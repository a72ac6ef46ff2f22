import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { type Prize, type PrizeInput, type PrizeTable, usePrizes, useSetPrizes } from '@/lib/swiss/prizes';
import { ApiError, errorMessage } from '@/lib/api-error';

type Category = PrizeInput['category'];
type Sharing = PrizeTable['sharing'];

/** A row as typed: numbers stay text until saved, so a half-typed field is not lost. */
type Row = {
  key: number;
  category: Category;
  place: string;
  amount: string;
  label: string;
  low: string;
  high: string;
};

const CATEGORIES: { value: Category; label: MessageDescriptor }[] = [
  { value: 'overall', label: msg({ message: 'Overall', comment: 'a prize category' }) },
  { value: 'rating', label: msg({ message: 'Rating band', comment: 'a prize category' }) },
  { value: 'age', label: msg({ message: 'Age (birth year)', comment: 'a prize category' }) },
  { value: 'women', label: msg({ message: 'Women', comment: 'a prize category' }) },
  { value: 'unrated', label: msg({ message: 'Unrated', comment: 'a prize category' }) },
  { value: 'team', label: msg({ message: 'Team (team standings)', comment: 'a prize category' }) },
];

let nextKey = 1;

const text = (value: number | string | null | undefined) => (value == null ? '' : String(value));

const rowOf = (prize: Prize): Row => ({
  key: nextKey++,
  category: prize.category,
  place: String(prize.place),
  amount: text(prize.amount),
  label: prize.label,
  low: text(prize.category === 'age' ? prize.born_from : prize.rating_min),
  high: text(prize.category === 'age' ? prize.born_before : prize.rating_max),
});

const number = (value: string): number | null => (value.trim() === '' ? null : Number(value));

const inputOf = (row: Row): PrizeInput => {
  const base: PrizeInput = {
    category: row.category,
    place: Number(row.place),
    amount: row.amount.trim() === '' ? null : row.amount.trim(),
    label: row.label,
  };
  if (row.category === 'rating') return { ...base, rating_min: number(row.low), rating_max: number(row.high) };
  if (row.category === 'age') return { ...base, born_from: number(row.low), born_before: number(row.high) };
  return base;
};

const BOUNDS: Partial<Record<Category, [MessageDescriptor, MessageDescriptor]>> = {
  rating: [msg`Rating from`, msg`Rating up to`],
  age: [msg`Born in or after`, msg`Born before`],
};

/** Leaders set the prize table (the whole table is saved at once) and the rule for shared places. */
export const PrizeTableEditor = ({ tournamentId }: { tournamentId: number }) => {
  const prizes = usePrizes(tournamentId);
  if (!prizes.data) return null;
  return <PrizeForm tournamentId={tournamentId} table={prizes.data} />;
};

const PrizeForm = ({ tournamentId, table }: { tournamentId: number; table: PrizeTable }) => {
  const { t } = useLingui();
  const [rows, setRows] = useState<Row[]>(() => table.prizes.map(rowOf));
  const [sharing, setSharing] = useState<Sharing>(table.sharing);
  const [saved, setSaved] = useState<string | null>(null);
  const save = useSetPrizes(tournamentId);
  const change = (key: number, patch: Partial<Row>) => setRows((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const add = () =>
    setRows((all) => {
      const place = all.filter((row) => row.category === 'overall').length + 1;
      return [...all, { key: nextKey++, category: 'overall', place: String(place), amount: '', label: '', low: '', high: '' }];
    });
  const problems = save.error instanceof ApiError ? Object.values(save.error.fields).flat() : [];
  /** The API's "0.amount: …" (a row's index, then its message) as "Prize 1: amount: …". */
  const problemText = (problem: string) => {
    const [, index, rest] = /^(\d+)\.(.*)$/s.exec(problem) ?? [];
    if (index === undefined) return problem;
    const number = Number(index) + 1;
    const message = rest ?? '';
    return t`Prize ${number}: ${message}`;
  };
  return (
    <section aria-labelledby="prize-editor" className="flex flex-col gap-2">
      <h3 id="prize-editor" className="font-semibold">
        <Trans>Prize table</Trans>
      </h3>
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setSaved(null);
          save.mutate(
            { sharing, prizes: rows.map(inputOf) },
            {
              onSuccess: (answer) => {
                const count = answer.prizes.length;
                setRows(answer.prizes.map(rowOf));
                setSaved(plural(count, { one: 'Prize table saved (# prize).', other: 'Prize table saved (# prizes).' }));
              },
            },
          );
        }}
      >
        <SelectField label={t`Shared places`} value={sharing} onChange={(event) => setSharing(event.target.value as Sharing)}>
          <option value="tiebreaks">{t`Tie-breaks decide`}</option>
          <option value="hort">{t`Hort system`}</option>
        </SelectField>
        <ol className="flex flex-col gap-2">
          {rows.map((row, index) => {
            const bounds = BOUNDS[row.category];
            const number = index + 1;
            return (
              <li key={row.key} aria-label={t`Prize ${number}`} className="flex flex-wrap items-end gap-2 border-b border-slate-200 pb-2 dark:border-slate-700">
                <SelectField
                  label={t({ message: 'Category', comment: 'a prize’s category' })}
                  value={row.category}
                  onChange={(event) => change(row.key, { category: event.target.value as Category, low: '', high: '' })}
                >
                  {CATEGORIES.map((category) => (
                    <option key={category.value} value={category.value}>
                      {t(category.label)}
                    </option>
                  ))}
                </SelectField>
                <TextField label={t({ message: 'Place', comment: 'the place a prize is for' })} type="number" min={1} className="w-20" value={row.place} onChange={(event) => change(row.key, { place: event.target.value })} />
                <TextField label={t({ message: 'Amount', comment: 'a prize’s amount of money' })} inputMode="decimal" className="w-28" value={row.amount} onChange={(event) => change(row.key, { amount: event.target.value })} />
                <TextField label={t({ message: 'Label', comment: 'a prize’s own words (a trophy, a book)' })} className="w-36" value={row.label} maxLength={80} onChange={(event) => change(row.key, { label: event.target.value })} />
                {bounds && (
                  <>
                    <TextField label={t(bounds[0])} type="number" className="w-28" value={row.low} onChange={(event) => change(row.key, { low: event.target.value })} />
                    <TextField label={t(bounds[1])} type="number" className="w-28" value={row.high} onChange={(event) => change(row.key, { high: event.target.value })} />
                  </>
                )}
                <Button variant="secondary" type="button" aria-label={t`Remove prize ${number}`} onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}>
                  <Trans>Remove</Trans>
                </Button>
              </li>
            );
          })}
        </ol>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" type="button" onClick={add}>
            <Trans>Add prize</Trans>
          </Button>
          <Button type="submit" disabled={save.isPending}>
            <Trans>Save prizes</Trans>
          </Button>
        </div>
        {saved && <p role="status">{saved}</p>}
        <FormError message={save.error ? errorMessage(save.error) : null} />
        {problems.length > 0 && (
          <ul className="text-sm text-red-700 dark:text-red-400">
            {problems.map((problem) => (
              <li key={problem}>{problemText(problem)}</li>
            ))}
          </ul>
        )}
      </form>
    </section>
  );
};
