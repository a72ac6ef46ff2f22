import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import type { MissingItem } from '@/features/exports/api/exports';
import { fieldLabel, type FederationConfig } from '@/features/exports/types/federations';

type ExportStatusProps = {
  name: string;
  config: FederationConfig | null;
  finished: boolean;
  ready: boolean;
  missing: readonly MissingItem[];
  /** Takes the user to the input of a missing value, when the page has one. */
  onGo?: (item: MissingItem) => void;
};

// Enough to see what kind of thing is missing; the rest one click away (or by the table's filter).
const FIRST_PLAYERS = 8;

const amberBoxClass =
  'rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100';
const greenBoxClass =
  'rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100';

/** Whether the federation's file can be downloaded, and if not, what stands in the way: the
 * event still running (the server's 409), and each missing value (its 400). */
export const ExportStatus = ({ name, config, finished, ready, missing, onGo }: ExportStatusProps) => {
  const { t } = useLingui();
  const [allPlayers, setAllPlayers] = useState(false);
  const ofEvent = missing.filter((item) => item.entry === null);
  const ofPlayers = missing.filter((item) => item.entry !== null);
  const players = allPlayers ? ofPlayers : ofPlayers.slice(0, FIRST_PLAYERS);
  const count = missing.length;
  const playerCount = ofPlayers.length;
  const item = (entry: MissingItem, index: number) => {
    const label = fieldLabel(config, entry.field, entry.entry !== null);
    const fillable = onGo && entry.field !== 'results';
    const { player } = entry;
    return (
      <li key={index} className="break-words">
        {entry.player && <span className="font-medium">{entry.player}: </span>}
        <span className="font-medium">{label}</span>: {entry.message}
        {fillable && (
          <>
            {' '}
            <button type="button" onClick={() => onGo(entry)} className="font-medium underline" aria-label={player ? t`Fill in ${label} of ${player}` : t`Fill in ${label}`}>
              <Trans>Fill in</Trans>
            </button>
          </>
        )}
      </li>
    );
  };
  return (
    <section className="flex flex-col gap-2" aria-label={t`${name}: the download`}>
      {ready && (
        <div className={greenBoxClass}>
          <p role="status" className="font-semibold">
            <Trans>Ready to download: the event has finished and nothing is missing.</Trans>
          </p>
        </div>
      )}
      {!finished && (
        <div className={amberBoxClass}>
          <p className="font-semibold">
            <Trans>The event has not finished.</Trans>
          </p>
          <p>
            <Trans>A rating report comes after the last round: the download opens then. The data can be filled in already.</Trans>
          </p>
        </div>
      )}
      {missing.length > 0 && (
        <div className={amberBoxClass}>
          <p role="status" className="font-semibold">
            {t`${plural(count, { one: '# thing to fill in before the download', other: '# things to fill in before the download' })}`}
          </p>
          {ofEvent.length > 0 && <ul className="mt-1 list-disc ps-5">{ofEvent.map(item)}</ul>}
          {ofPlayers.length > 0 && (
            <>
              <ul className="mt-1 list-disc ps-5" aria-label={t`Missing for players`}>
                {players.map(item)}
              </ul>
              {ofPlayers.length > FIRST_PLAYERS && (
                <button type="button" onClick={() => setAllPlayers(!allPlayers)} className="mt-1 font-medium underline">
                  {allPlayers ? <Trans>Show fewer</Trans> : t`${plural(playerCount, { one: 'Show all # for players', other: 'Show all # for players' })}`}
                </button>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
};
