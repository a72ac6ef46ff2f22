import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef } from 'react';

import { moveRows, type MoveCell } from '@/features/otb-games/types/otb-game';

type MoveListProps = {
  sans: readonly string[];
  /** The ply shown on the board (0: the starting position). */
  step: number;
  onStep: (ply: number) => void;
};

const navButtonClass =
  'inline-flex min-w-10 items-center justify-center rounded-md border border-slate-300 bg-white px-2 py-1 text-lg leading-none hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-600 dark:bg-slate-800 dark:hover:bg-slate-700';

const Move = ({ cell, step, onStep }: { cell: MoveCell | null; step: number; onStep: (ply: number) => void }) =>
  cell ? (
    <button
      type="button"
      aria-current={cell.ply === step ? 'step' : undefined}
      onClick={() => onStep(cell.ply)}
      className="rounded px-1.5 py-0.5 text-start hover:bg-slate-200 aria-[current=step]:bg-emerald-700 aria-[current=step]:text-white dark:hover:bg-slate-700"
    >
      {cell.san}
    </button>
  ) : (
    <span />
  );

/** The moves in SAN, each a button that shows its position, with first/previous/next/last. */
export const MoveList = ({ sans, step, onStep }: MoveListProps) => {
  const { t } = useLingui();
  const rows = useMemo(() => moveRows(sans), [sans]);
  const list = useRef<HTMLOListElement>(null);
  // The current move stays in view as the arrows walk through a long game.
  useEffect(() => {
    const current = list.current?.querySelector<HTMLElement>('[aria-current="step"]');
    current?.scrollIntoView?.({ block: 'nearest' });
  }, [step]);
  const last = sans.length;
  return (
    <div className="flex flex-col gap-2">
      <ol ref={list} aria-label={t`Moves`} className="max-h-72 overflow-y-auto rounded border border-slate-200 font-mono text-sm dark:border-slate-700">
        {rows.map((row) => (
          // A row of notation reads left to right in every language (as "1." and "Nf3+" do).
          <li key={row.number} dir="ltr" className="grid grid-cols-[2.5rem_1fr_1fr] items-center px-2 py-0.5 odd:bg-slate-50 dark:odd:bg-slate-800/50">
            <span className="text-slate-500 dark:text-slate-400">{row.number}.</span>
            <Move cell={row.white} step={step} onStep={onStep} />
            <Move cell={row.black} step={step} onStep={onStep} />
          </li>
        ))}
      </ol>
      {/* The buttons follow the page's direction; their arrows point back and forward in it. */}
      <div role="group" aria-label={t`Replay`} className="grid grid-cols-4 gap-1">
        <button type="button" className={navButtonClass} aria-label={t`Starting position`} disabled={step === 0} onClick={() => onStep(0)}>
          <span aria-hidden className="inline-block rtl:-scale-x-100">
            «
          </span>
        </button>
        <button type="button" className={navButtonClass} aria-label={t`Previous move`} disabled={step === 0} onClick={() => onStep(step - 1)}>
          <span aria-hidden className="inline-block rtl:-scale-x-100">
            ‹
          </span>
        </button>
        <button type="button" className={navButtonClass} aria-label={t`Next move`} disabled={step >= last} onClick={() => onStep(step + 1)}>
          <span aria-hidden className="inline-block rtl:-scale-x-100">
            ›
          </span>
        </button>
        <button type="button" className={navButtonClass} aria-label={t`Last move`} disabled={step >= last} onClick={() => onStep(last)}>
          <span aria-hidden className="inline-block rtl:-scale-x-100">
            »
          </span>
        </button>
      </div>
      <p className="hidden text-xs text-slate-500 md:block dark:text-slate-400">
        <Trans>Keys ← and → step through the moves.</Trans>
      </p>
    </div>
  );
};
