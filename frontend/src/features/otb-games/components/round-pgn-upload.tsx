import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { MAX_PGN_CHARS, useUploadRoundPgn } from '@/features/otb-games/api/upload-round-pgn';
import { UploadReport } from '@/features/otb-games/components/upload-report';
import type { RoundUpload } from '@/features/otb-games/types/upload';
import { ApiError, errorMessage } from '@/lib/api-error';

type RoundPgnUploadProps = {
  tournamentId: number;
  /** The event's round now: any round up to it may be uploaded (scoresheets come late). */
  currentRound: number;
};

const fieldClass =
  'max-w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 aria-invalid:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/**
 * A leader's upload of a round's games as one PGN file: the browser reads the file's text and
 * sends it; the answer says, game by game, which board it went to or why it did not, and which
 * boards are still without a game.
 */
export const RoundPgnUpload = ({ tournamentId, currentRound }: RoundPgnUploadProps) => {
  const { t } = useLingui();
  const id = useId();
  const upload = useUploadRoundPgn(tournamentId);
  const [chosenRound, setChosenRound] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [report, setReport] = useState<{ upload: RoundUpload; fileName: string } | null>(null);
  const round = chosenRound ?? currentRound;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    setFormError(null);
    setReport(null);
    if (!file) return setFieldError(t`Choose a PGN file.`);
    const text = await file.text();
    if (!text.trim()) return setFieldError(t`The file is empty.`);
    if (text.length > MAX_PGN_CHARS) return setFieldError(t`The file is too large for one upload: split it.`);
    try {
      setReport({ upload: await upload.mutateAsync({ number: round, pgn: text }), fileName: file.name });
    } catch (error) {
      const messages = error instanceof ApiError ? error.fields.pgn : undefined;
      if (messages?.length) setFieldError(messages.join(' '));
      else setFormError(errorMessage(error));
    }
  };

  const fileId = `${id}-file`;
  return (
    <section aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-2">
      <h3 id={`${id}-title`} className="font-semibold">
        <Trans>Upload round PGN</Trans>
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        <Trans>
          A round&apos;s games from electronic boards or typed scoresheets, in one PGN file. Each game goes to the board of its two players; a
          game that does not match is reported, not guessed.
        </Trans>
      </p>
      <form onSubmit={submit} noValidate aria-label={t`Upload round PGN`} className="flex flex-wrap items-end gap-3">
        {currentRound > 1 && (
          <div className="flex flex-col gap-1 text-sm">
            <label htmlFor={`${id}-round`} className="font-medium">
              <Trans comment="a round of a Swiss event">Round</Trans>
            </label>
            <select id={`${id}-round`} value={round} onChange={(event) => setChosenRound(Number(event.target.value))} className={fieldClass}>
              {Array.from({ length: currentRound }, (_, index) => currentRound - index).map((number) => (
                <option key={number} value={number}>
                  {t`Round ${number}`}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="flex max-w-full min-w-0 flex-1 flex-col gap-1 sm:min-w-64">
          <label htmlFor={fileId} className="text-sm font-medium">
            <Trans>PGN file of round {round}</Trans>
          </label>
          <input
            id={fileId}
            type="file"
            accept=".pgn,application/x-chess-pgn,text/plain"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${fileId}-error` : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFieldError(null);
            }}
            className={fieldClass}
          />
          {fieldError && (
            <p id={`${fileId}-error`} className="text-sm break-words text-red-700 dark:text-red-400">
              {fieldError}
            </p>
          )}
        </div>
        <Button type="submit" disabled={upload.isPending}>
          {upload.isPending ? <Trans>Uploading…</Trans> : <Trans>Upload</Trans>}
        </Button>
      </form>
      <FormError message={formError} />
      {report && <UploadReport report={report.upload} fileName={report.fileName} />}
    </section>
  );
};
