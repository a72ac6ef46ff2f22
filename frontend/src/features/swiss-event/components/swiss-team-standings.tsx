import { QueryBoundary } from '@/components/ui/query-boundary';
import { useTeamStandings } from '@/lib/swiss/cohosts';
import type { Tournament } from '@/lib/swiss/types';

/** A co-hosted event's team table: each team's best N players' points added up; equal totals
 * share their place (kept live by the `reload` pings). */
export const SwissTeamStandings = ({ tournament }: { tournament: Tournament }) => {
  const table = useTeamStandings(tournament.id);
  return (
    <section aria-labelledby="team-standings-title" className="flex min-w-0 flex-col gap-2">
      <h2 id="team-standings-title" className="text-lg font-semibold">
        Team standings
      </h2>
      <p className="text-xs text-slate-500 dark:text-slate-400">The points of each team&apos;s best {tournament.team_standings_top} players.</p>
      <QueryBoundary query={table} loadingLabel="Loading the team standings…">
        {(rows) => (
          <table className="w-full text-sm" aria-label="Team standings">
            <thead>
              <tr className="text-left text-slate-600 dark:text-slate-300">
                <th className="py-1 pr-2">#</th>
                <th className="py-1 pr-2">Team</th>
                <th className="py-1 pr-2 text-right">Points</th>
                <th className="py-1 pr-2">Counted</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.team} className="border-t border-slate-200 dark:border-slate-700">
                  <td className="py-1 pr-2 whitespace-nowrap tabular-nums">{row.rank_label}</td>
                  <td className="py-1 pr-2">
                    <a href={`/teams/${row.team}`} className="underline">
                      {row.name}
                    </a>{' '}
                    <span className="text-xs text-slate-500">({row.players})</span>
                  </td>
                  <td className="py-1 pr-2 text-right tabular-nums">{row.points}</td>
                  <td className="py-1 pr-2 text-xs break-words">{row.counted.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryBoundary>
    </section>
  );
};
