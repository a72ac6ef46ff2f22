import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useCheckTrf, type TrfCheckReport } from '@/features/tools/api/check-trf';
import { ApiError, errorMessage } from '@/lib/api-error';
import { numberText } from '@/lib/i18n/format';
import { TrfCheckReportView } from '@/features/tools/components/trf-check-report';

type Checked = { report: TrfCheckReport; fileName: string };

/**
 * Upload a TRF and show the checker's report. The reader's refusal (line and column) and the
 * size limit are shown under the file field; other refusals above the button.
 */
export const TrfCheckForm = ({ maxBytes }: { maxBytes: number }) => {
  const { t } = useLingui();
  const id = useId();
  const errorId = `${id}-error`;
  const check = useCheckTrf();
  const [file, setFile] = useState<File | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    setFormError(null);
    setChecked(null);
    if (!file) return setFieldError(t`Choose a TRF file.`);
    const limit = numberText(Math.floor(maxBytes / 1024));
    if (file.size > maxBytes) return setFieldError(t`The file is larger than ${limit} KB.`);
    try {
      setChecked({ report: await check.mutateAsync(file), fileName: file.name });
    } catch (error) {
      const messages = error instanceof ApiError ? (error.fields.file ?? error.fields.trf) : undefined;
      if (messages?.length) setFieldError(messages.join(' '));
      else setFormError(errorMessage(error));
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3" aria-label={t`Check a TRF file`}>
        <div className="flex min-w-64 flex-1 flex-col gap-1">
          <label htmlFor={id} className="text-sm font-medium">
            <Trans>TRF file</Trans>
          </label>
          <input
            id={id}
            type="file"
            accept=".trf,.txt,text/plain"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFieldError(null);
            }}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 aria-invalid:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
          />
          {fieldError && (
            <p id={errorId} className="text-sm break-words text-red-700 dark:text-red-400">
              {fieldError}
            </p>
          )}
        </div>
        <Button type="submit" disabled={check.isPending}>
          {check.isPending ? <Trans>Checking…</Trans> : <Trans>Check file</Trans>}
        </Button>
      </form>
      <FormError message={formError} />
      {checked && <TrfCheckReportView report={checked.report} fileName={checked.fileName} />}
    </div>
  );
};
