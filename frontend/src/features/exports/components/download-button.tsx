import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { useRefreshExport } from '@/features/exports/api/exports';
import { fetchExport, saveFile } from '@/features/exports/api/download-export';
import { errorMessage } from '@/lib/api-error';

type DownloadButtonProps = {
  tournamentId: number;
  code: string;
  name: string;
  url: string;
  files: readonly string[];
  /** What the file is, in words (default: the file names). */
  describe?: string;
  /** Why the file cannot be had now; null: it can. */
  blocked: string | null;
};

/** Used only if the answer names no file (the server always does): one file keeps its extension. */
const fallbackName = (code: string, files: readonly string[]) =>
  files.length === 1 ? `${code}.${files[0]?.split('.').pop() ?? 'txt'}` : `${code}.zip`;

/** The federation's file, saved under the server's name. A refusal the page did not foresee
 * (the data or the event changed meanwhile) is shown and the status read again. */
export const DownloadButton = ({ tournamentId, code, name, url, files, describe, blocked }: DownloadButtonProps) => {
  const { t } = useLingui();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = useRefreshExport(tournamentId, code);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      saveFile(await fetchExport(url, fallbackName(code, files)));
    } catch (caught) {
      setError(errorMessage(caught));
      refresh();
    } finally {
      setBusy(false);
    }
  };
  return (
    // Its parts join the row it is put in: on a phone the button sits beside Save, the words below.
    <div className="contents">
      <Button
        className="sm:ms-auto"
        variant="secondary"
        disabled={blocked !== null || busy}
        // The whole name on a phone too, where the button says only "Download".
        aria-label={busy ? undefined : t`Download the ${name} report`}
        aria-describedby={`${id}-why`}
        onClick={() => void download()}
      >
        {busy ? (
          <Trans>Downloading…</Trans>
        ) : (
          // One inline run: the button is a flex box, which would drop the space before the span.
          <span>
            <Trans comment="On a phone only the first part shows: keep the tags around what may be hidden.">
              Download<span className="max-sm:hidden"> the {name} report</span>
            </Trans>
          </span>
        )}
      </Button>
      <span id={`${id}-why`} className="min-w-0 text-sm text-slate-600 max-sm:w-full dark:text-slate-400">
        {blocked ?? describe ?? files.join(', ')}
      </span>
      {error && (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
};
