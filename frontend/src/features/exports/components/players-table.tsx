import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, useId, useMemo, useRef } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';

import type { FederationData } from '@/features/exports/api/exports';
import { FieldControl } from '@/features/exports/components/field-control';
import type { FederationConfig, FieldConfig } from '@/features/exports/types/federations';
import { type ExportFormValues, rowMatches, searchTextOf, WHOLE_NUMBER, type RowValues } from '@/features/exports/types/form-values';

type Entry = FederationData['entries'][number];

export type TableView = { filter: string; onlyOpen: boolean; allFields: boolean };

type PlayersTableProps = {
  config: FederationConfig;
  entries: readonly Entry[];
  saved: readonly RowValues[];
  register: UseFormRegister<ExportFormValues>;
  errors: FieldErrors<ExportFormValues>;
  /** A row's refusal that names no column (an entry the server does not know). */
  rowErrors: Record<number, string>;
  /** entry id → the fields the export still needs from that player. */
  missing: ReadonlyMap<number, ReadonlySet<string>>;
  view: TableView;
  onView: (view: TableView) => void;
};

const cellControlClass =
  'w-full min-w-0 rounded border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600 aria-invalid:border-red-600 data-missing:border-amber-500 data-missing:bg-amber-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:data-missing:border-amber-400 dark:data-missing:bg-amber-950/40';

// Wide enough for the value (11 characters of a national ID, 4 digits of a rating), no wider:
// the player's name takes the rest of the row.
const integerWidthClass = 'w-20 sm:w-36';
const selectWidthClass = 'w-24 sm:w-28';
const textWidthClass = 'w-28 sm:w-40';
const widthClass = (field: FieldConfig) =>
  field.kind === 'integer' ? integerWidthClass : field.kind === 'select' ? selectWidthClass : field.name === 'report_name' ? 'min-w-48' : textWidthClass;

/**
 * The players, one row each, with the federation's ID and rating in columns (the rest on demand).
 * Built for a long list: a filter box, Enter and the arrow keys move down and up a column as in a
 * spreadsheet, and a row keeps its place (hidden, not unmounted) so nothing typed is lost.
 */
export const PlayersTable = ({ config, entries, saved, register, errors, rowErrors, missing, view, onView }: PlayersTableProps) => {
  const { t } = useLingui();
  const id = useId();
  /** Who the player is, under the name: federation, FIDE ID, rating. */
  const factsOf = ({ federation, fide_id: fideId, rating }: Entry) =>
    [federation, fideId && t`FIDE ${fideId}`, rating ? t`rated ${rating}` : t`unrated`].filter(Boolean).join(' · ');
  const body = useRef<HTMLTableSectionElement>(null);
  const columns: readonly FieldConfig[] = view.allFields ? [...config.columns, ...config.moreColumns] : config.columns;
  const searchTexts = useMemo(() => entries.map((entry, index) => searchTextOf(entry, saved[index])), [entries, saved]);
  const rowErrorsOf = (index: number) => errors.entries?.[index];
  const visible = entries.map((entry, index) => {
    // A row with a message is always shown: every refusal must be seen.
    if (rowErrorsOf(index) || rowErrors[index]) return true;
    if (view.onlyOpen && !missing.has(entry.entry)) return false;
    return rowMatches(view.filter, searchTexts[index] ?? '');
  });
  const shown = visible.filter(Boolean).length;
  const total = entries.length;
  const wholeNumber = t`A whole number.`;
  const moreFields = config.moreColumns.map((field) => t(field.label)).join(', ');

  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    const target = event.target as HTMLElement;
    const column = target.dataset.col;
    if (!column || target.tagName !== 'INPUT' || event.altKey || event.ctrlKey || event.metaKey) return;
    const down = event.key === 'ArrowDown' || (event.key === 'Enter' && !event.shiftKey);
    const up = event.key === 'ArrowUp' || (event.key === 'Enter' && event.shiftKey);
    if (!down && !up) return;
    event.preventDefault(); // Enter would submit the form: here it moves down the column
    const cells = [...(body.current?.querySelectorAll<HTMLInputElement>(`tr:not([hidden]) input[data-col="${column}"]`) ?? [])];
    const next = cells[cells.indexOf(target as HTMLInputElement) + (down ? 1 : -1)];
    next?.focus();
    next?.select();
  };

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-filter`} className="text-sm font-medium">
            <Trans>Filter players</Trans>
          </label>
          <input
            id={`${id}-filter`}
            type="search"
            value={view.filter}
            onChange={(event) => onView({ ...view, filter: event.target.value })}
            placeholder={t`Name, number or ID`}
            className="w-64 max-w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
          />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={view.onlyOpen} onChange={(event) => onView({ ...view, onlyOpen: event.target.checked })} />
          <Trans>Only players with something to fill in</Trans>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={view.allFields} onChange={(event) => onView({ ...view, allFields: event.target.checked })} />
          <Trans>All fields ({moreFields})</Trans>
        </label>
      </div>
      <p id={`${id}-count`} aria-live="polite" className="text-xs text-slate-600 dark:text-slate-400">
        {shown === total
          ? t`${plural(total, { one: '# player.', other: '# players.' })}`
          : t`${plural(total, { one: `Showing ${shown} of # player.`, other: `Showing ${shown} of # players.` })}`}{' '}
        <Trans>Enter or ↓ moves down a column, Shift+Enter or ↑ up.</Trans>
      </p>
      <p id={`${id}-missing`} hidden>
        <Trans>The export needs this value.</Trans>
      </p>
      <div className="max-w-full overflow-x-auto rounded-md border border-slate-200 sm:w-fit dark:border-slate-700">
        <table className="w-full border-collapse text-sm sm:w-auto" aria-label={t`Players`} aria-describedby={`${id}-count`}>
          <thead className="bg-slate-50 text-start dark:bg-slate-800">
            <tr>
              <th scope="col" className="w-8 px-1 py-1.5 text-end font-medium sm:px-2">
                <abbr title={t`Start number`}>
                  <Trans comment="abbreviation of 'Start number', a table header">No.</Trans>
                </abbr>
              </th>
              <th scope="col" className="px-1 py-1.5 font-medium sm:min-w-64 sm:px-2">
                <Trans>Player</Trans>
              </th>
              {columns.map((field) => (
                <th key={field.name} scope="col" className={`px-1 py-1.5 align-bottom font-medium sm:px-2 ${widthClass(field)}`}>
                  {t(field.label)}
                  <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">{t(field.help)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody ref={body} onKeyDown={onKeyDown}>
            {entries.map((entry, index) => {
              const needs = missing.get(entry.entry);
              const rowError = rowErrors[index];
              return (
                <tr
                  key={entry.entry}
                  hidden={!visible[index]}
                  data-missing={needs ? true : undefined}
                  className="border-t border-slate-200 data-missing:bg-amber-50/50 dark:border-slate-700 dark:data-missing:bg-amber-950/20"
                >
                  <td className="px-1 py-1 text-end align-top text-slate-600 tabular-nums sm:px-2 dark:text-slate-400">{entry.start_number}</td>
                  <th scope="row" className="px-1 py-1 text-start align-top font-normal sm:px-2">
                    <span className="font-medium break-words">{entry.name}</span>
                    <span className="block text-xs text-slate-600 max-sm:hidden dark:text-slate-400">{factsOf(entry)}</span>
                    {rowError && <span className="block text-sm text-red-700 dark:text-red-400">{rowError}</span>}
                  </th>
                  {columns.map((field) => {
                    const error = rowErrorsOf(index)?.[field.name]?.message;
                    const label = t(field.label);
                    const { name } = entry;
                    return (
                      <td key={field.name} className="px-1 py-1 align-top sm:px-2">
                        <Cell
                          field={field}
                          label={t({ message: `${label} of ${name}`, comment: 'label: a column, e.g. US Chess ID; name: the player' })}
                          error={error}
                          errorId={`${id}-${index}-${field.name}-error`}
                          missingId={needs?.has(field.name) ? `${id}-missing` : undefined}
                          registration={register(`entries.${index}.${field.name}`, field.kind === 'integer' ? { pattern: { value: WHOLE_NUMBER, message: wholeNumber } } : undefined)}
                        />
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
};

type CellProps = {
  field: FieldConfig;
  label: string;
  error: string | undefined;
  errorId: string;
  missingId: string | undefined;
  registration: ReturnType<UseFormRegister<ExportFormValues>>;
};

const Cell = ({ field, label, error, errorId, missingId, registration }: CellProps) => {
  const shared = {
    'aria-label': label,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [error && errorId, missingId].filter(Boolean).join(' ') || undefined,
    'data-col': field.name,
    'data-missing': missingId ? true : undefined,
    className: cellControlClass,
    ...registration,
  };
  return (
    <>
      <FieldControl field={field} {...shared} />
      {error && (
        <span id={errorId} className="mt-0.5 block text-xs text-red-700 dark:text-red-400">
          {error}
        </span>
      )}
    </>
  );
};
