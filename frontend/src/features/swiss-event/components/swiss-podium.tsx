import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';

import { PlayerLink } from '@/components/ui/player-link';
import { standingsPageQueryOptions } from '@/lib/swiss/get-standings';
import { useTiebreakCatalogue } from '@/lib/swiss/get-tiebreak-catalogue';
import { placeLabel } from '@/lib/swiss/prize-labels';
import { tiebreakInfo } from '@/lib/swiss/tiebreaks';
import type { Tournament } from '@/lib/swiss/types';

const MEDALS = [{ className: 'bg-amber-300 text-amber-950' }, { className: 'bg-slate-300 text-slate-900' }, { className: 'bg-orange-300 text-orange-950' }];

/** A finished event's top three (shared places as the standings rank them), each with their
 * points and the first tie-break, and why the event ended. */
export const SwissPodium = ({ tournament }: { tournament: Tournament }) => {
  const { t } = useLingui();
  const first = useQuery(standingsPageQueryOptions(tournament.id, 1));
  const catalogue = useTiebreakCatalogue();
  // The places show with the tie-break's name, so once both are in (or the names failed to load).
  const loading = first.isPending || catalogue.isPending;
  const top = loading ? [] : (first.data?.results ?? []).slice(0, 3);
  const tiebreak = tournament.tiebreak_order[0];
  return (
    <section aria-label={t({ message: 'Podium', comment: 'the top three of a finished event' })} className="flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950/40">
      <h2 className="text-lg font-semibold">
        <Trans comment="the top three of a finished event">Podium</Trans>
      </h2>
      {tournament.end_reason && <p className="text-sm">{tournament.end_reason}</p>}
      {top.length === 0 ? (
        <p className="text-sm">{loading ? t`Loading the podium…` : t`Nobody played in this event.`}</p>
      ) : (
        <ol className="grid gap-2 sm:grid-cols-3">
          {top.map((standing, index) => {
            const points = standing.points;
            return (
              <li key={standing.username} className="flex min-w-0 items-center gap-3 rounded-md bg-white p-3 shadow-sm dark:bg-slate-900">
                <span className={`flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-bold ${MEDALS[index]?.className ?? ''}`}>
                  {standing.rank_label ?? placeLabel(index + 1)}
                </span>
                <span className="flex min-w-0 flex-col">
                  <PlayerLink name={standing.username} className="truncate font-semibold" />
                  <span className="text-sm text-slate-600 tabular-nums dark:text-slate-300">
                    <Trans>{points} points</Trans>
                    {tiebreak && (
                      <>
                        {' · '}
                        <abbr title={catalogue.data ? tiebreakInfo(catalogue.data, tiebreak).name : tiebreak}>{tiebreak}</abbr> {standing.tiebreaks[tiebreak] ?? '–'}
                      </>
                    )}
                  </span>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
};
