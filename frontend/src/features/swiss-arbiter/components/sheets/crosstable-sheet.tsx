import { Trans, useLingui } from '@lingui/react/macro';

import { QueryBoundary } from '@/components/ui/query-boundary';
import { useAllStandings } from '@/features/swiss-arbiter/api/get-all-standings';
import { SheetHeader } from '@/features/swiss-arbiter/components/sheets/sheet-header';
import type { SheetCell, Standing, Tournament } from '@/lib/swiss/types';

const POINTS: Record<string, string> = { '1': '1', '0': '0', '=': '½', '+': '+', '-': '−', U: '1', F: '1', H: '½', Z: '0' };

/** One wall-chart cell, as FIDE crosstables write it: opponent's rank, colour, result ("5w 1");
 * a round without an opponent as "bye ½" or "absent 0". */
const CellText = ({ cell, rankOf }: { cell: SheetCell; rankOf: Map<string, string> }) => {
  const { t } = useLingui();
  const result = POINTS[cell.code] ?? '';
  if (!cell.opponent) {
    if (!cell.code) return null;
    return cell.code === 'Z'
      ? t({ message: `absent ${result}`, comment: 'a crosstable cell: a round the player was absent, with its points' })
      : t({ message: `bye ${result}`, comment: 'a crosstable cell: a bye, with its points' });
  }
  const rank = rankOf.get(cell.opponent) ?? '?';
  if (cell.colour === 'white') return t({ message: `${rank}w ${result}`, comment: 'a crosstable cell: the opponent’s rank, w for White, the points' });
  if (cell.colour === 'black') return t({ message: `${rank}b ${result}`, comment: 'a crosstable cell: the opponent’s rank, b for Black, the points' });
  return `${rank} ${result}`;
};

/** The wall chart: one row per player in ranking order, one column per round. */
export const CrosstableSheet = ({ tournament }: { tournament: Tournament }) => {
  const { t } = useLingui();
  const standings = useAllStandings(tournament.id, tournament.standings_version);
  const rounds = Array.from({ length: Math.max(tournament.current_round, 1) }, (_, index) => index + 1);
  return (
    <div className="print-sheet">
      <SheetHeader tournament={tournament} title={t({ message: 'Crosstable', comment: 'a printed sheet' })} round={tournament.current_round} />
      <QueryBoundary query={standings} loadingLabel={t`Loading the crosstable…`}>
        {(rows: Standing[]) => {
          const rankOf = new Map(rows.map((row, index) => [row.username, String(index + 1)]));
          return (
            <table aria-label={t({ message: 'Crosstable', comment: 'a printed sheet' })} className="w-full border-collapse text-xs">
              <thead>
                <tr className="border-b border-slate-400 text-start">
                  <th className="py-1">
                    <Trans comment="crosstable column: the player's number (rank), abbreviated">No</Trans>
                  </th>
                  <th>
                    <Trans>Player</Trans>
                  </th>
                  <th>
                    <Trans comment="crosstable column: rating, abbreviated">Rtg</Trans>
                  </th>
                  {rounds.map((round) => (
                    <th key={round}>
                      <Trans comment="crosstable column: round number, abbreviated (R1, R2…)">R{round}</Trans>
                    </th>
                  ))}
                  <th>
                    <Trans comment="crosstable column: points, abbreviated">Pts</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr key={row.username} className="border-b border-slate-200 tabular-nums">
                    <td className="py-1">{index + 1}</td>
                    <td className={row.status === 'disqualified' ? 'line-through' : undefined}>{row.username}</td>
                    <td>{row.rating}</td>
                    {rounds.map((round) => {
                      const cell = row.sheet.find((entry) => entry.round === round);
                      return <td key={round}>{cell ? <CellText cell={cell} rankOf={rankOf} /> : ''}</td>;
                    })}
                    <td className="font-semibold">{row.points}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          );
        }}
      </QueryBoundary>
    </div>
  );
};
