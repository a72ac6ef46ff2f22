import { QueryBoundary } from '@/components/ui/query-boundary';
import { useAllStandings } from '@/features/swiss-arbiter/api/get-all-standings';
import { SheetHeader } from '@/features/swiss-arbiter/components/sheets/sheet-header';
import type { SheetCell, Standing, Tournament } from '@/lib/swiss/types';

const POINTS: Record<string, string> = { '1': '1', '0': '0', '=': '½', '+': '+', '-': '−', U: '1', F: '1', H: '½', Z: '0' };
const BYE_WORDS: Record<string, string> = { U: 'bye', F: 'bye', H: 'bye', Z: 'absent' };

/** One wall-chart cell, as FIDE crosstables write it: opponent's rank, colour, result. */
const cellText = (cell: SheetCell, rankOf: Map<string, string>) => {
  const result = POINTS[cell.code] ?? '';
  if (!cell.opponent) return cell.code ? `${BYE_WORDS[cell.code] ?? 'bye'} ${result}` : '';
  return `${rankOf.get(cell.opponent) ?? '?'}${cell.colour === 'white' ? 'w' : cell.colour === 'black' ? 'b' : ''} ${result}`;
};

/** The wall chart: one row per player in ranking order, one column per round. */
export const CrosstableSheet = ({ tournament }: { tournament: Tournament }) => {
  const standings = useAllStandings(tournament.id, tournament.standings_version);
  const rounds = Array.from({ length: Math.max(tournament.current_round, 1) }, (_, index) => index + 1);
  return (
    <div className="print-sheet">
      <SheetHeader tournament={tournament} title="Crosstable" round={tournament.current_round} />
      <QueryBoundary query={standings} loadingLabel="Loading the crosstable…">
        {(rows: Standing[]) => {
          const rankOf = new Map(rows.map((row, index) => [row.username, String(index + 1)]));
          return (
            <table aria-label="Crosstable" className="w-full border-collapse text-xs">
              <thead>
                <tr className="border-b border-slate-400 text-left">
                  <th className="py-1">No</th>
                  <th>Player</th>
                  <th>Rtg</th>
                  {rounds.map((round) => (
                    <th key={round}>R{round}</th>
                  ))}
                  <th>Pts</th>
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
                      return <td key={round}>{cell ? cellText(cell, rankOf) : ''}</td>;
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
