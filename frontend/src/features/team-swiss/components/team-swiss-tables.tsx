import { QueryBoundary } from '@/components/ui/query-boundary';
import { useBoardScores, useCrosstable, useTeamStandings } from '@/features/team-swiss/api/get-team-swiss';
import { ScrollTable, td, th } from '@/features/team-swiss/components/scroll-table';
import { formatPoints } from '@/features/team-swiss/types/display';
import type { TeamSwissEvent } from '@/features/team-swiss/types/team-swiss';
import { teamTiebreakInfo } from '@/features/team-swiss/types/tiebreaks';

const row = 'border-t border-slate-200 dark:border-slate-700';
// Tie-breaks that are a score the table shows already (MP, GP): no second column.
const SCORE_CODES = new Set(['MP', 'MPTS', 'GP', 'GPTS', 'MPVGP', 'PTS']);

/** Rank, team, match points, game points and the tie-breaks in the event's order (live). */
export const TeamSwissStandings = ({ event }: { event: TeamSwissEvent }) => {
  const standings = useTeamStandings(event.id);
  // The codes the server ranked by (the event's order, or its default when the event names none).
  const codes = (standings.data?.standings[0]?.tiebreaks.map((tiebreak) => tiebreak.code) ?? event.tiebreaks).filter((code) => !SCORE_CODES.has(code.toUpperCase()));
  return (
    <section aria-labelledby="team-standings-title" className="flex min-w-0 flex-col gap-2">
      <h2 id="team-standings-title" className="text-lg font-semibold">
        Team standings
      </h2>
      <QueryBoundary query={standings} loadingLabel="Loading the standings…" isEmpty={(data) => data.standings.length === 0} empty="No teams yet.">
        {({ standings: rows }) => (
          <ScrollTable>
            <table aria-label="Team standings" className="w-full text-sm">
              <thead>
                <tr className="text-slate-600 dark:text-slate-300">
                  <th className={th}>#</th>
                  <th className={th}>Team</th>
                  <th className={`${th} text-right`}>
                    <abbr title="Match points">MP</abbr>
                  </th>
                  <th className={`${th} text-right`}>
                    <abbr title="Game points">GP</abbr>
                  </th>
                  {codes.map((code) => (
                    <th key={code} className={`${th} text-right`}>
                      <abbr title={teamTiebreakInfo(code, event.primary_score).name}>{code}</abbr>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((standing) => (
                  <tr key={standing.tpn} className={row}>
                    <td className={`${td} tabular-nums`}>{standing.rank}</td>
                    <td className={`${td} font-medium`}>{standing.name}</td>
                    <td className={`${td} text-right font-semibold tabular-nums`}>{formatPoints(standing.match_points)}</td>
                    <td className={`${td} text-right tabular-nums`}>{formatPoints(standing.game_points)}</td>
                    {codes.map((code) => (
                      <td key={code} className={`${td} text-right tabular-nums`}>
                        {formatPoints(standing.tiebreaks.find((tiebreak) => tiebreak.code === code)?.value)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </QueryBoundary>
    </section>
  );
};

/** Per team per round: the opponent's number, the colour, the match and game points. */
export const TeamSwissCrosstable = ({ event }: { event: TeamSwissEvent }) => {
  const crosstable = useCrosstable(event.id);
  const rounds = Array.from({ length: event.current_round }, (_, index) => index + 1);
  return (
    <section aria-labelledby="team-crosstable-title" className="flex min-w-0 flex-col gap-2">
      <h2 id="team-crosstable-title" className="text-lg font-semibold">
        Crosstable
      </h2>
      <QueryBoundary
        query={crosstable}
        loadingLabel="Loading the crosstable…"
        isEmpty={(rows) => rows.length === 0 || rounds.length === 0}
        empty="Not paired yet."
      >
        {(rows) => (
          <ScrollTable>
            <table aria-label="Crosstable" className="text-sm">
              <thead>
                <tr className="text-slate-600 dark:text-slate-300">
                  <th className={th}>No.</th>
                  <th className={th}>Team</th>
                  {rounds.map((round) => (
                    <th key={round} className={`${th} text-center`}>
                      R{round}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((team) => (
                  <tr key={team.tpn} className={row}>
                    <td className={`${td} tabular-nums`}>{team.tpn}</td>
                    <td className={`${td} font-medium whitespace-nowrap`}>{team.name}</td>
                    {rounds.map((round) => {
                      const cell = team.rounds.find((entry) => entry.round === round);
                      return (
                        <td key={round} className={`${td} text-center whitespace-nowrap tabular-nums`}>
                          {!cell ? (
                            ''
                          ) : cell.kind !== 'match' ? (
                            `${cell.kind} ${formatPoints(cell.match_points)}`
                          ) : (
                            <>
                              {cell.opponent}
                              {cell.colour ?? ''} <span className="font-semibold">{formatPoints(cell.match_points)}</span>
                              {cell.game_points !== null && <span className="text-xs text-slate-500"> ({formatPoints(cell.game_points)})</span>}
                            </>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </QueryBoundary>
      <p className="text-xs text-slate-500 dark:text-slate-400">Each cell: the opponent&apos;s number and colour (board 1), match points, (game points).</p>
    </section>
  );
};

/** Each player's score on the boards they played. */
export const TeamSwissBoardScores = ({ event }: { event: TeamSwissEvent }) => {
  const scores = useBoardScores(event.id);
  return (
    <section aria-labelledby="board-scores-title" className="flex min-w-0 flex-col gap-2">
      <h2 id="board-scores-title" className="text-lg font-semibold">
        Board scores
      </h2>
      <QueryBoundary query={scores} loadingLabel="Loading the board scores…" isEmpty={(rows) => rows.length === 0} empty="No games played yet.">
        {(rows) => (
          <ScrollTable>
            <table aria-label="Board scores" className="w-full text-sm">
              <thead>
                <tr className="text-slate-600 dark:text-slate-300">
                  <th className={th}>Player</th>
                  <th className={th}>Team</th>
                  <th className={th}>Boards</th>
                  <th className={`${th} text-right`}>Points</th>
                  <th className={`${th} text-right`}>Games</th>
                  <th className={`${th} text-right`}>Perf.</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((score) => (
                  <tr key={score.number} className={row}>
                    <td className={`${td} whitespace-nowrap`}>{score.name}</td>
                    <td className={`${td} whitespace-nowrap`}>{score.team}</td>
                    <td className={`${td} tabular-nums`}>{score.boards.join(', ')}</td>
                    <td className={`${td} text-right tabular-nums`}>{formatPoints(score.points)}</td>
                    <td className={`${td} text-right tabular-nums`}>{score.games}</td>
                    <td className={`${td} text-right tabular-nums`}>{score.performance ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </QueryBoundary>
    </section>
  );
};
