import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { useImportTrf } from '@/features/team-swiss/api/team-swiss-actions';
import { ApiError, errorMessage } from '@/lib/api-error';

/** A team TRF (TRF-2026 with team records) becomes an event of `team`, its finished rounds stored. */
export const TeamSwissImportForm = ({ team, onImported }: { team: string; onImported: (event: { id: number }) => void }) => {
  const [file, setFile] = useState<File | null>(null);
  const upload = useImportTrf(team);
  const error = upload.error;
  const message = error instanceof ApiError ? (error.fields.file?.join(' ') ?? error.message) : error ? errorMessage(error) : null;
  const onSubmit = (form: FormEvent) => {
    form.preventDefault();
    if (file) upload.mutate(file, { onSuccess: onImported });
  };
  return (
    <form onSubmit={onSubmit} aria-label="Import a team TRF" className="flex min-w-0 flex-col gap-2">
      <label className="flex flex-col gap-1 text-sm font-medium">
        Team TRF file (TRF-2026 with team records)
        <input
          type="file"
          accept=".trf,.txt,text/plain"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? 'import-error' : undefined}
          onChange={(change) => setFile(change.target.files?.[0] ?? null)}
          className="max-w-full text-sm font-normal"
        />
      </label>
      {message && (
        <p id="import-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
          {message}
        </p>
      )}
      <div>
        <Button type="submit" variant="secondary" disabled={!file || upload.isPending}>
          Import
        </Button>
      </div>
    </form>
  );
};
