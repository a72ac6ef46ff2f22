import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';

import { feedUrls } from '@/features/otb-games/types/feeds';

type BroadcastFeedsProps = { tournamentId: number; round: number };

/** `copyLabel`: the Copy button's accessible name, naming the feed. */
const FeedAddress = ({ label, copyLabel, url }: { label: string; copyLabel: string; url: string }) => {
  const { t } = useLingui();
  const id = useId();
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      // Absent outside a secure context (plain HTTP): the throw lands below too.
      await navigator.clipboard.writeText(url);
      setCopied(t`Copied.`);
    } catch {
      setCopied(t`Copying was refused: select the address and copy it.`);
    }
  };
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex min-w-0 gap-2">
        <input
          id={id}
          readOnly
          dir="ltr"
          value={url}
          onFocus={(event) => event.target.select()}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-xs text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        />
        <button
          type="button"
          aria-label={copyLabel}
          onClick={() => void copy()}
          className="shrink-0 rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:hover:bg-slate-700"
        >
          <Trans>Copy</Trans>
        </button>
      </div>
      <p aria-live="polite" className="text-xs text-slate-600 empty:hidden dark:text-slate-400">
        {copied}
      </p>
    </div>
  );
};

/** The PGN feeds a broadcast polls (docs/otb-games.md, "The broadcast feeds"): the current
 * round's and the whole event's, as absolute addresses of this host. */
export const BroadcastFeeds = ({ tournamentId, round }: BroadcastFeedsProps) => {
  const { t } = useLingui();
  const urls = feedUrls(window.location.origin, tournamentId, round);
  return (
    <section aria-labelledby={`broadcast-${tournamentId}`} className="flex min-w-0 flex-col gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <h2 id={`broadcast-${tournamentId}`} className="font-semibold">
        <Trans comment="a live broadcast of the event's games (as on lichess)">Broadcast</Trans>
      </h2>
      <FeedAddress label={t`Round ${round}`} copyLabel={t`Copy the address of round ${round}`} url={urls.round} />
      <FeedAddress label={t`Whole event`} copyLabel={t`Copy the address of whole event`} url={urls.event} />
      <p className="text-xs text-slate-600 dark:text-slate-400">
        <Trans>
          For a lichess broadcast, give each of its rounds that round&apos;s address as its source (“Single PGN URL”): lichess reads it every few
          seconds and shows the moves as they are entered.
        </Trans>
      </p>
    </section>
  );
};
