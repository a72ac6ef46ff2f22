import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

import { FieldControl } from '@/features/exports/components/field-control';
import type { FieldConfig } from '@/features/exports/types/federations';

type EventFieldProps = {
  field: FieldConfig;
  registration: UseFormRegisterReturn;
  error?: string;
  /** The export still needs this value (the server's `missing`). */
  missing?: boolean;
};

const controlClass =
  'w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600 aria-invalid:border-red-600 data-missing:border-amber-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:data-missing:border-amber-400';

/** One of the event's values: its label as the federation calls it, what it takes, and the
 * server's message for it, all tied to the control for a screen reader. */
export const EventField = ({ field, registration, error, missing = false }: EventFieldProps) => {
  const { t } = useLingui();
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const shared = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${errorId} ${helpId}` : helpId,
    'aria-required': field.required || undefined,
    'data-missing': missing || undefined,
    className: controlClass,
    ...registration,
  };
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {t(field.label)}
        {field.required && (
          <span className="ms-1 text-xs font-normal text-slate-500 dark:text-slate-400" aria-hidden="true">
            <Trans>(required)</Trans>
          </span>
        )}
      </label>
      <FieldControl field={field} placeholder={field.placeholder} {...shared} />
      <p id={helpId} className="text-xs text-slate-600 dark:text-slate-400">
        {t(field.help)}
      </p>
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
};
