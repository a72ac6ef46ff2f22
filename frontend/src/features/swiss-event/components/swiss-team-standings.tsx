import { Trans, useLingui } from '@lingui/react/macro';

import { QueryBoundary } from '@/components/ui/query-boundary';
import { useTeamStandings } from '@/lib/swiss/cohosts';
import type { Tournament } from '@/lib/swiss/types';

/** A co-hosted event's team table: each team's best N players' points added up; equal totals
 * share their place (kept live by the `reload` pings). */
export const SwissTeamStandings = ({ tournament }: { tournament: Tournament }) => {
  const { t } = useLingui();
  const table = useTeamStandings(tournament.id);
  const top = tournament.team_standings_top;
  return (
    <section aria-labelledby="team-standings-title" className="flex min-w-0 flex-col gap-2">
      <h2 id="team-standings-title" className="text-lg font-semibold">
        <Trans>Team standings</Trans>
      </h2>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        <Trans>The points of each team&apos;s best {top} players.</Trans>
      </p>
      <QueryBoundary query={table} loadingLabel={t`Loading the team standings…`}>
        {(rows) => (
          <table className="w-full text-sm" aria-label={t`Team standings`}>
            <thead>
              <tr className="text-start text-slate-600 dark:text-slate-300">
                <th className="py-1 pe-2">#</th>
                <th className="py-1 pe-2">
                  <Trans comment="a column of the team standings">Team</Trans>
                </th>
                <th className="py-1 pe-2 text-end">
                  <Trans comment="a column of the team standings">Points</Trans>
                </th>
                <th className="py-1 pe-2">
                  <Trans comment="a column of the team standings: the players whose points count">Counted</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.team} className="border-t border-slate-200 dark:border-slate-700">
                  <td className="py-1 pe-2 whitespace-nowrap tabular-nums">{row.rank_label}</td>
                  <td className="py-1 pe-2">
                    <a href={`/teams/${row.team}`} className="underline">
                      {row.name}
                    </a>{' '}
                    <span className="text-xs text-slate-500">({row.players})</span>
                  </td>
                  <td className="py-1 pe-2 text-end tabular-nums">{row.points}</td>
                  <td className="py-1 pe-2 text-xs break-words">{row.counted.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryBoundary>
    </section>
  );
};
