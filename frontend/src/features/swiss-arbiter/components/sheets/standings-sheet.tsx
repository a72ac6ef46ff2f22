import { Trans, useLingui } from '@lingui/react/macro';

import { QueryBoundary } from '@/components/ui/query-boundary';
import { useAllStandings } from '@/features/swiss-arbiter/api/get-all-standings';
import { SheetHeader } from '@/features/swiss-arbiter/components/sheets/sheet-header';
import type { Tournament } from '@/lib/swiss/types';

/** Standings with every tie-break of the event, in its order. */
export const StandingsSheet = ({ tournament }: { tournament: Tournament }) => {
  const { t } = useLingui();
  const standings = useAllStandings(tournament.id, tournament.standings_version);
  return (
    <div className="print-sheet">
      <SheetHeader tournament={tournament} title={t({ message: 'Standings', comment: 'a printed sheet' })} round={tournament.current_round} />
      <QueryBoundary query={standings} loadingLabel={t`Loading the standings…`}>
        {(rows) => (
          <table aria-label={t({ message: 'Standings', comment: 'a printed sheet' })} className="w-full border-collapse text-sm">
            <thead>
              <tr className="border-b border-slate-400 text-start">
                <th className="py-1">#</th>
                <th>
                  <Trans>Player</Trans>
                </th>
                <th>
                  <Trans>Rating</Trans>
                </th>
                <th>
                  <Trans>Points</Trans>
                </th>
                {tournament.tiebreak_order.map((code) => (
                  <th key={code}>{code}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.username} className="border-b border-slate-200 tabular-nums">
                  <td className="py-1">{row.rank_label ?? row.rank ?? ''}</td>
                  <td className={row.status === 'disqualified' ? 'line-through' : undefined}>{row.username}</td>
                  <td>{row.rating}</td>
                  <td>{row.points}</td>
                  {tournament.tiebreak_order.map((code) => (
                    <td key={code}>{row.tiebreaks[code] ?? ''}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryBoundary>
    </div>
  );
};
