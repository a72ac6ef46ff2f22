import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useSaveOtbGame } from '@/features/otb-games/api/otb-game';
import {
  entryText,
  type OtbGame,
  type OtbResult,
  RESULT_CHOICES,
  type ResultEntry,
  statedResult,
} from '@/features/otb-games/types/otb-game';
import { ApiError, errorMessage } from '@/lib/api-error';

type OtbGameEntryProps = {
  tournamentId: number;
  game: OtbGame;
  /** A leader enters any board at any time; a player their own board while it is "*". */
  asLeader: boolean;
  /** What the save did to the board's result (shown by the page: a player's form is gone once
   * the game has a result). */
  onSaved: (entry: ResultEntry) => void;
};

type Refusal = { pgn: string | null; result: string | null; form: string | null };
const NO_REFUSAL: Refusal = { pgn: null, result: null, form: null };

const refusalOf = (error: unknown): Refusal => {
  if (!(error instanceof ApiError)) return { ...NO_REFUSAL, form: errorMessage(error) };
  const pgn = error.fields.pgn?.join(' ') ?? null;
  const result = error.fields.result?.join(' ') ?? null;
  const others = Object.keys(error.fields).some((name) => name !== 'pgn' && name !== 'result');
  return { pgn, result, form: (pgn || result) && !others ? null : error.message };
};

const fieldClass =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-600 aria-invalid:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/**
 * The game's moves as one text (SAN as on a scoresheet, or one game's pasted PGN) and its
 * result. The field starts with the moves saved so far, so that a game is saved again as it
 * goes on by typing its next moves at the end; it follows the saved game until it is edited.
 */
export const OtbGameEntry = ({ tournamentId, game, asLeader, onSaved }: OtbGameEntryProps) => {
  const { t } = useLingui();
  const id = useId();
  const save = useSaveOtbGame(tournamentId, game.pairing_id);
  // null: not edited, the saved game's text and result are shown (and follow a newer save).
  const [draft, setDraft] = useState<string | null>(null);
  const [resultDraft, setResultDraft] = useState<OtbResult | null>(null);
  const [refusal, setRefusal] = useState<Refusal>(NO_REFUSAL);
  const text = draft ?? entryText(game);
  const result = resultDraft ?? game.result;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(NO_REFUSAL);
    if (!text.trim()) {
      setRefusal({ ...NO_REFUSAL, pgn: t`Type the moves (1. e4 e5 2. Nf3 …) or paste the game’s PGN.` });
      return;
    }
    try {
      // Always sent as PGN: the server's reader takes bare SAN, move numbers, comments and tags.
      const saved = await save.mutateAsync({ pgn: text, result });
      setDraft(null);
      setResultDraft(null);
      onSaved(saved.result_entry);
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  };

  const movesId = `${id}-moves`;
  const resultId = `${id}-result`;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <h2 id={`${id}-title`} className="font-semibold">
        {game.entered_at ? <Trans>Edit the game</Trans> : <Trans>Enter the game</Trans>}
      </h2>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={movesId} className="text-sm font-medium">
            <Trans>Moves or PGN</Trans>
          </label>
          <p id={`${movesId}-help`} className="text-xs text-slate-600 dark:text-slate-400">
            <Trans>
              Type the moves as on the scoresheet (1. e4 e5 2. Nf3 …) or paste one game’s PGN. Save as often as you like while the game goes on.
            </Trans>
          </p>
          <textarea
            id={movesId}
            rows={6}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            value={text}
            aria-invalid={refusal.pgn ? true : undefined}
            aria-describedby={refusal.pgn ? `${movesId}-error` : `${movesId}-help`}
            onChange={(event) => {
              setDraft(event.target.value);
              // A pasted game that states its result sets the select, so the page shows what is saved.
              const stated = statedResult(event.target.value);
              if (stated) setResultDraft(stated);
            }}
            className={`${fieldClass} font-mono`}
          />
          {refusal.pgn && (
            <p id={`${movesId}-error`} className="text-sm break-words text-red-700 dark:text-red-400">
              {refusal.pgn}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={resultId} className="text-sm font-medium">
              <Trans>Result</Trans>
            </label>
            <select
              id={resultId}
              value={result}
              aria-invalid={refusal.result ? true : undefined}
              aria-describedby={refusal.result ? `${resultId}-error` : undefined}
              onChange={(event) => setResultDraft(event.target.value as OtbResult)}
              className={fieldClass}
            >
              {RESULT_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {t(choice.label)}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save game</Trans>}
          </Button>
        </div>
        {refusal.result && (
          <p id={`${resultId}-error`} className="text-sm break-words text-red-700 dark:text-red-400">
            {refusal.result}
          </p>
        )}
        {!asLeader && (
          <p className="text-xs text-slate-600 dark:text-slate-400">
            <Trans>Once you save it with a result, the game is the arbiter’s: only they can change it.</Trans>
          </p>
        )}
      </form>
      <FormError message={refusal.form} />
    </section>
  );
};
