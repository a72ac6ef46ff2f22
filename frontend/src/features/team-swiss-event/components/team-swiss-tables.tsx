import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import { QueryBoundary, type QueryLike } from '@/components/ui/query-boundary';
import { useBoardScores, useCrosstable, useTeamStandings } from '@/features/team-swiss-event/api/get-tables';
import { Points } from '@/features/team-swiss-event/components/points';
import { ScrollTable, tdClass as td, thClass as th } from '@/features/team-swiss-event/components/scroll-table';
import { formatPoints } from '@/lib/team-swiss/display';
import { useTeamTiebreakCatalogue } from '@/lib/team-swiss/get-tiebreak-catalogue';
import { teamTiebreakName } from '@/lib/team-swiss/tiebreaks';
import type { TeamSwissEvent } from '@/lib/team-swiss/types';

const rowClass = 'border-t border-slate-200 dark:border-slate-700';
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
  const { t } = useLingui();
  const standings = useTeamStandings(event.id);
  const catalogue = useTeamTiebreakCatalogue().data;
  // The codes the server ranked by (the event's order, or its default when the event names none).
  const codes = (standings.data?.standings[0]?.tiebreaks.map((tiebreak) => tiebreak.code) ?? event.tiebreaks).filter((code) => !SCORE_CODES.has(code.toUpperCase()));
  return (
    <TableSection
      id="team-standings-title"
      title={t`Team standings`}
      query={standings}
      loadingLabel={t`Loading the standings…`}
      isEmpty={(data) => data.standings.length === 0}
      empty={t`No teams yet.`}
      tableClassName="w-full text-sm"
      head={
        <>
          <th className={th}>#</th>
          <th className={th}>
            <Trans comment="a column: the team">Team</Trans>
          </th>
          <th className={`${th} text-end`}>
            <abbr title={t({ message: 'Match points', comment: 'the score teams are ranked by: points for the matches won or drawn' })}>MP</abbr>
          </th>
          <th className={`${th} text-end`}>
            <abbr title={t({ message: 'Game points', comment: 'the score teams are ranked by: points for the games won or drawn' })}>GP</abbr>
          </th>
          {codes.map((code) => (
            <th key={code} className={`${th} text-end`}>
              <abbr title={teamTiebreakName(catalogue, event.primary_score, code)}>{code}</abbr>
            </th>
          ))}
        </>
      }
      rows={({ standings: rows }) =>
        rows.map((standing) => (
          <tr key={standing.tpn} className={rowClass}>
            <td className={`${td} tabular-nums`}>{standing.rank}</td>
            <td className={`${td} font-medium`}>{standing.name}</td>
            <td className={`${td} text-end font-semibold tabular-nums`}>
              <Points value={standing.match_points} />
            </td>
            <td className={`${td} text-end tabular-nums`}>
              <Points value={standing.game_points} />
            </td>
            {codes.map((code) => (
              <td key={code} className={`${td} text-end tabular-nums`}>
                <Points value={standing.tiebreaks.find((tiebreak) => tiebreak.code === code)?.value} />
              </td>
            ))}
          </tr>
        ))
      }
    />
  );
};

/** Per team per round: the opponent's number, the colour, the match and game points. */
/** A round a team did not play: "bye 2", "absent 0" (its match points). */
const Unplayed = ({ kind, value }: { kind: string; value: string | null }) => {
  const points = <Points value={value} />;
  if (kind === 'bye') return <Trans comment="a crosstable cell: the team had a bye; {points} its match points">bye {points}</Trans>;
  if (kind === 'absent') return <Trans comment="a crosstable cell: the team sat the round out; {points} its match points">absent {points}</Trans>;
  return (
    <>
      {kind} {points}
    </>
  );
};

export const TeamSwissCrosstable = ({ event }: { event: TeamSwissEvent }) => {
  const { t } = useLingui();
  const crosstable = useCrosstable(event.id);
  const rounds = Array.from({ length: event.current_round }, (_, index) => index + 1);
  return (
    <TableSection
      id="team-crosstable-title"
      title={t`Crosstable`}
      query={crosstable}
      loadingLabel={t`Loading the crosstable…`}
      isEmpty={(rows) => rows.length === 0 || rounds.length === 0}
      empty={t`Not paired yet.`}
      tableClassName="text-sm"
      head={
        <>
          <th className={th}>
            <Trans comment="a column: the team's number in the event">No.</Trans>
          </th>
          <th className={th}>
            <Trans comment="a column: the team">Team</Trans>
          </th>
          {rounds.map((round) => (
            <th key={round} className={`${th} text-center`}>
              {t({ message: `R${round}`, comment: 'a column heading: short for "round {round}"' })}
            </th>
          ))}
        </>
      }
      rows={(rows) =>
        rows.map((team) => (
          <tr key={team.tpn} className={rowClass}>
            <td className={`${td} tabular-nums`}>{team.tpn}</td>
            <td className={`${td} font-medium whitespace-nowrap`}>{team.name}</td>
            {rounds.map((round) => {
              const cell = team.rounds.find((entry) => entry.round === round);
              return (
                <td key={round} className={`${td} text-center whitespace-nowrap tabular-nums`}>
                  {!cell ? (
                    ''
                  ) : cell.kind !== 'match' ? (
                    <Unplayed kind={cell.kind} value={cell.match_points} />
                  ) : (
                    // The opponent's number and colour, then the points: left to right in every language.
                    <span dir="ltr">
                      {cell.opponent}
                      {cell.colour ?? ''} <span className="font-semibold">{formatPoints(cell.match_points)}</span>
                      {cell.game_points !== null && <span className="text-xs text-slate-500"> ({formatPoints(cell.game_points)})</span>}
                    </span>
                  )}
                </td>
              );
            })}
          </tr>
        ))
      }
    >
      <p className="text-xs text-slate-500 dark:text-slate-400">
        <Trans>Each cell: the opponent&apos;s number and colour (board 1), match points, (game points).</Trans>
      </p>
    </TableSection>
  );
};

/** Each player's score on the boards they played. */
export const TeamSwissBoardScores = ({ event }: { event: TeamSwissEvent }) => {
  const { t } = useLingui();
  const scores = useBoardScores(event.id);
  return (
    <TableSection
      id="board-scores-title"
      title={t`Board scores`}
      query={scores}
      loadingLabel={t`Loading the board scores…`}
      isEmpty={(rows) => rows.length === 0}
      empty={t`No games played yet.`}
      tableClassName="w-full text-sm"
      head={
        <>
          <th className={th}>
            <Trans comment="a column: the player">Player</Trans>
          </th>
          <th className={th}>
            <Trans comment="a column: the team">Team</Trans>
          </th>
          <th className={th}>
            <Trans comment="a column: the boards a player played on">Boards</Trans>
          </th>
          <th className={`${th} text-end`}>
            <Trans comment="a column: a player's points">Points</Trans>
          </th>
          <th className={`${th} text-end`}>
            <Trans comment="a column: the number of games a player played">Games</Trans>
          </th>
          <th className={`${th} text-end`}>
            <Trans comment="a column: short for performance rating">Perf.</Trans>
          </th>
        </>
      }
      rows={(rows) =>
        rows.map((score) => (
          <tr key={score.number} className={rowClass}>
            <td className={`${td} whitespace-nowrap`}>{score.name}</td>
            <td className={`${td} whitespace-nowrap`}>{score.team}</td>
            <td className={`${td} tabular-nums`}>{score.boards.join(', ')}</td>
            <td className={`${td} text-end tabular-nums`}>
              <Points value={score.points} />
            </td>
            <td className={`${td} text-end tabular-nums`}>{score.games}</td>
            <td className={`${td} text-end tabular-nums`}>{score.performance ?? ''}</td>
          </tr>
        ))
      }
    />
  );
};
