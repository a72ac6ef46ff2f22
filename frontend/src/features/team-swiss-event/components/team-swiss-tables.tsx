import type { ReactNode } from 'react';

import { QueryBoundary, type QueryLike } from '@/components/ui/query-boundary';
import { useBoardScores, useCrosstable, useTeamStandings } from '@/features/team-swiss-event/api/get-tables';
import { ScrollTable, td, th } from '@/features/team-swiss-event/components/scroll-table';
import { formatPoints } from '@/lib/team-swiss/display';
import { useTeamTiebreakCatalogue } from '@/lib/team-swiss/get-tiebreak-catalogue';
import { teamTiebreakName } from '@/lib/team-swiss/tiebreaks';
import type { TeamSwissEvent } from '@/lib/team-swiss/types';

const row = 'border-t border-slate-200 dark:border-slate-700';
// Tie-breaks that are a score the table shows already (MP, GP): no second column.
const SCORE_CODES = new Set(['MP', 'MPTS', 'GP', 'GPTS', 'MPVGP', 'PTS']);

type TableSectionProps<T> = {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  query: QueryLike<T>;
  loadingLabel: string;
  isEmpty: (data: T) => boolean;
  empty: string;
  /** The table's own classes (a crosstable keeps its width). */
  tableClassName: string;
  head: ReactNode;
  rows: (data: T) => ReactNode;
  /** What follows the table, e.g. how to read its cells. */
  children?: ReactNode;
};

/** One of the event's tables: a titled section, the query's states, then a table that scrolls sideways. */
const TableSection = <T,>({ id, title, query, loadingLabel, isEmpty, empty, tableClassName, head, rows, children }: TableSectionProps<T>) => (
  <section aria-labelledby={id} className="flex min-w-0 flex-col gap-2">
    <h2 id={id} className="text-lg font-semibold">
      {title}
    </h2>
    <QueryBoundary query={query} loadingLabel={loadingLabel} isEmpty={isEmpty} empty={empty}>
      {(data) => (
        <ScrollTable>
          <table aria-label={title} className={tableClassName}>
            <thead>
              <tr className="text-slate-600 dark:text-slate-300">{head}</tr>
            </thead>
            <tbody>{rows(data)}</tbody>
          </table>
        </ScrollTable>
      )}
    </QueryBoundary>
    {children}
  </section>
);

/** Rank, team, match points, game points and the tie-breaks in the event's order (live). */
export const TeamSwissStandings = ({ event }: { event: TeamSwissEvent }) => {
  const standings = useTeamStandings(event.id);
  const catalogue = useTeamTiebreakCatalogue().data;
  // The codes the server ranked by (the event's order, or its default when the event names none).
  const codes = (standings.data?.standings[0]?.tiebreaks.map((tiebreak) => tiebreak.code) ?? event.tiebreaks).filter((code) => !SCORE_CODES.has(code.toUpperCase()));
  return (
    <TableSection
      id="team-standings-title"
      title="Team standings"
      query={standings}
      loadingLabel="Loading the standings…"
      isEmpty={(data) => data.standings.length === 0}
      empty="No teams yet."
      tableClassName="w-full text-sm"
      head={
        <>
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
              <abbr title={teamTiebreakName(catalogue, event.primary_score, code)}>{code}</abbr>
            </th>
          ))}
        </>
      }
      rows={({ standings: rows }) =>
        rows.map((standing) => (
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
        ))
      }
    />
  );
};

/** Per team per round: the opponent's number, the colour, the match and game points. */
export const TeamSwissCrosstable = ({ event }: { event: TeamSwissEvent }) => {
  const crosstable = useCrosstable(event.id);
  const rounds = Array.from({ length: event.current_round }, (_, index) => index + 1);
  return (
    <TableSection
      id="team-crosstable-title"
      title="Crosstable"
      query={crosstable}
      loadingLabel="Loading the crosstable…"
      isEmpty={(rows) => rows.length === 0 || rounds.length === 0}
      empty="Not paired yet."
      tableClassName="text-sm"
      head={
        <>
          <th className={th}>No.</th>
          <th className={th}>Team</th>
          {rounds.map((round) => (
            <th key={round} className={`${th} text-center`}>
              R{round}
            </th>
          ))}
        </>
      }
      rows={(rows) =>
        rows.map((team) => (
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
        ))
      }
    >
      <p className="text-xs text-slate-500 dark:text-slate-400">Each cell: the opponent&apos;s number and colour (board 1), match points, (game points).</p>
    </TableSection>
  );
};

/** Each player's score on the boards they played. */
export const TeamSwissBoardScores = ({ event }: { event: TeamSwissEvent }) => {
  const scores = useBoardScores(event.id);
  return (
    <TableSection
      id="board-scores-title"
      title="Board scores"
      query={scores}
      loadingLabel="Loading the board scores…"
      isEmpty={(rows) => rows.length === 0}
      empty="No games played yet."
      tableClassName="w-full text-sm"
      head={
        <>
          <th className={th}>Player</th>
          <th className={th}>Team</th>
          <th className={th}>Boards</th>
          <th className={`${th} text-right`}>Points</th>
          <th className={`${th} text-right`}>Games</th>
          <th className={`${th} text-right`}>Perf.</th>
        </>
      }
      rows={(rows) =>
        rows.map((score) => (
          <tr key={score.number} className={row}>
            <td className={`${td} whitespace-nowrap`}>{score.name}</td>
            <td className={`${td} whitespace-nowrap`}>{score.team}</td>
            <td className={`${td} tabular-nums`}>{score.boards.join(', ')}</td>
            <td className={`${td} text-right tabular-nums`}>{formatPoints(score.points)}</td>
            <td className={`${td} text-right tabular-nums`}>{score.games}</td>
            <td className={`${td} text-right tabular-nums`}>{score.performance ?? ''}</td>
          </tr>
        ))
      }
    />
  );
};
