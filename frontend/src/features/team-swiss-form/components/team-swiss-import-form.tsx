import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { useImportTrf } from '@/features/team-swiss-form/api/import-team-trf';
import { ApiError, errorMessage } from '@/lib/api-error';

/**
 * A team TRF (TRF-2026 with team records) becomes an event of `team`, its finished rounds stored:
 * a copy, named "… (imported)". What the file is expected to be is said before the upload; the
 * server's refusal says what the chosen file is instead.
 */
export const TeamSwissImportForm = ({ team, onImported }: { team: string; onImported: (event: { id: number }) => void }) => {
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const hintId = useId();
  const upload = useImportTrf(team);
  const error = upload.error;
  const message = error instanceof ApiError ? (error.fields.file?.join(' ') ?? error.message) : error ? errorMessage(error) : null;
  const onSubmit = (form: FormEvent) => {
    form.preventDefault();
    if (file) upload.mutate(file, { onSuccess: onImported });
  };
  return (
    <form onSubmit={onSubmit} aria-label={t`Import a team TRF`} className="flex min-w-0 flex-col gap-2">
      <label className="flex flex-col gap-1 text-sm font-medium">
        <Trans>Team TRF file (TRF-2026 with team records)</Trans>
        <input
          type="file"
          accept=".trf,.txt,text/plain"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${hintId} import-error` : hintId}
          onChange={(change) => setFile(change.target.files?.[0] ?? null)}
          className="max-w-full text-sm font-normal"
        />
      </label>
      <div id={hintId} className="flex flex-col gap-1 text-sm text-slate-600 dark:text-slate-400">
        <p>
          <Trans>
            A FIDE TRF-2026 file of a team tournament, with its team records (the 310 lines): the “Download TRF” of a team Swiss here, or the TRF-2026 export of
            the program that ran it. An individual tournament’s TRF cannot be imported here.
          </Trans>
        </p>
        <p>
          <Trans comment="“… (imported)” is the name the new event gets: the file's event name followed by (imported).">
            The import is a new event named “… (imported)”: its teams, squads and finished rounds, with the tie-breaks, dates and FIDE data the file gives. Players
            are not linked to accounts. Line-up minutes are no TRF record: a file from this site keeps them, any other gets the default of 10.
          </Trans>
        </p>
      </div>
      {message && (
        <p id="import-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
          {message}
        </p>
      )}
      <div>
        <Button type="submit" variant="secondary" disabled={!file || upload.isPending}>
          <Trans comment="Import the chosen file.">Import</Trans>
        </Button>
      </div>
    </form>
  );
};
