import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import type { LegalMoves } from '@/features/games/lib/san';
import { parseTypedMove } from '@/features/games/lib/typed-move';

/** Lichess's keyboard input: type a move in SAN ("e4", "Nf3") or UCI and press Enter.
 * `paused`: the arbiter stopped the clocks, so the box says that rather than "your turn". */
const KeyboardMove = ({
  legal,
  enabled,
  paused = false,
  onMove,
}: {
  legal: LegalMoves;
  enabled: boolean;
  paused?: boolean;
  onMove: (uci: string) => void;
}) => {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        const typed = parseTypedMove(text, legal);
        if ('error' in typed) {
          setError(typed.error);
          return;
        }
        setError(null);
        setText('');
        onMove(typed.uci);
      }}
    >
      <label htmlFor="keyboard-move" className="text-sm font-medium">
        <Trans>Keyboard move</Trans>
      </label>
      <input
        id="keyboard-move"
        autoComplete="off"
        spellCheck={false}
        placeholder={enabled ? t`type e4 or Nf3` : paused ? t`clocks paused by the arbiter` : t`wait for your turn`}
        disabled={!enabled}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'keyboard-move-error' : undefined}
        onChange={(event) => setText(event.target.value)}
        className="w-full rounded border border-slate-300 bg-white px-2 py-1 font-mono dark:border-slate-600 dark:bg-slate-900"
      />
      {error ? (
        <p id="keyboard-move-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </form>
  );
};

export default KeyboardMove;
