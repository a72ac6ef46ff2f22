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

const CATEGORIES: { value: Category; label: string }[] = [
  { value: 'overall', label: 'Overall' },
  { value: 'rating', label: 'Rating band' },
  { value: 'age', label: 'Age (birth year)' },
  { value: 'women', label: 'Women' },
  { value: 'unrated', label: 'Unrated' },
  { value: 'team', label: 'Team (team standings)' },
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

const BOUNDS: Partial<Record<Category, [string, string]>> = {
  rating: ['Rating from', 'Rating up to'],
  age: ['Born in or after', 'Born before'],
};

/** Leaders set the prize table (the whole table is saved at once) and the rule for shared places. */
export const PrizeTableEditor = ({ tournamentId }: { tournamentId: number }) => {
  const prizes = usePrizes(tournamentId);
  if (!prizes.data) return null;
  return <PrizeForm tournamentId={tournamentId} table={prizes.data} />;
};

const PrizeForm = ({ tournamentId, table }: { tournamentId: number; table: PrizeTable }) => {
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
  return (
    <section aria-labelledby="prize-editor" className="flex flex-col gap-2">
      <h3 id="prize-editor" className="font-semibold">
        Prize table
      </h3>
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setSaved(null);
          save.mutate(
            { sharing, prizes: rows.map(inputOf) },
            { onSuccess: (answer) => (setRows(answer.prizes.map(rowOf)), setSaved(`Prize table saved (${answer.prizes.length} prizes).`)) },
          );
        }}
      >
        <SelectField label="Shared places" value={sharing} onChange={(event) => setSharing(event.target.value as Sharing)}>
          <option value="tiebreaks">Tie-breaks decide</option>
          <option value="hort">Hort system</option>
        </SelectField>
        <ol className="flex flex-col gap-2">
          {rows.map((row, index) => {
            const bounds = BOUNDS[row.category];
            return (
              <li key={row.key} aria-label={`Prize ${index + 1}`} className="flex flex-wrap items-end gap-2 border-b border-slate-200 pb-2 dark:border-slate-700">
                <SelectField
                  label="Category"
                  value={row.category}
                  onChange={(event) => change(row.key, { category: event.target.value as Category, low: '', high: '' })}
                >
                  {CATEGORIES.map((category) => (
                    <option key={category.value} value={category.value}>
                      {category.label}
                    </option>
                  ))}
                </SelectField>
                <TextField label="Place" type="number" min={1} className="w-20" value={row.place} onChange={(event) => change(row.key, { place: event.target.value })} />
                <TextField label="Amount" inputMode="decimal" className="w-28" value={row.amount} onChange={(event) => change(row.key, { amount: event.target.value })} />
                <TextField label="Label" className="w-36" value={row.label} maxLength={80} onChange={(event) => change(row.key, { label: event.target.value })} />
                {bounds && (
                  <>
                    <TextField label={bounds[0]} type="number" className="w-28" value={row.low} onChange={(event) => change(row.key, { low: event.target.value })} />
                    <TextField label={bounds[1]} type="number" className="w-28" value={row.high} onChange={(event) => change(row.key, { high: event.target.value })} />
                  </>
                )}
                <Button variant="secondary" type="button" aria-label={`Remove prize ${index + 1}`} onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}>
                  Remove
                </Button>
              </li>
            );
          })}
        </ol>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" type="button" onClick={add}>
            Add prize
          </Button>
          <Button type="submit" disabled={save.isPending}>
            Save prizes
          </Button>
        </div>
        {saved && <p role="status">{saved}</p>}
        <FormError message={save.error ? errorMessage(save.error) : null} />
        {problems.length > 0 && (
          <ul className="text-sm text-red-700 dark:text-red-400">
            {problems.map((problem) => (
              <li key={problem}>{problem.replace(/^(\d+)\./, (_, i: string) => `Prize ${Number(i) + 1}: `)}</li>
            ))}
          </ul>
        )}
      </form>
    </section>
  );
};
