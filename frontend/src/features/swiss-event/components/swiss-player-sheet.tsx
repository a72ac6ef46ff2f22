import { Link } from 'react-router';

import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PlayerLink } from '@/components/ui/player-link';
import { entryStatusLabel, sheetCellLabel } from '@/lib/swiss/display';
import type { Standing } from '@/lib/swiss/types';

type SwissPlayerSheetProps = { standing: Standing | null; onClose: () => void };

/** A player's round-by-round games in a dialog named "<username>'s games". */
export const SwissPlayerSheet = ({ standing, onClose }: SwissPlayerSheetProps) => (
  <Dialog title={standing ? `${standing.username}'s games` : ''} open={standing !== null} onClose={onClose}>
    {standing && (
      <>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Rank {standing.rank_label ?? '–'} · {standing.points} points · rating {standing.rating}
          {entryStatusLabel(standing) ? ` · ${entryStatusLabel(standing)}` : ''} ·{' '}
          <Link to={`/@/${standing.username}`} className="text-emerald-800 underline-offset-2 hover:underline dark:text-emerald-400">
            profile and rating history
          </Link>
        </p>
        {standing.sheet.length === 0 ? (
          <EmptyState>No round played yet.</EmptyState>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Games of {standing.username}</caption>
              <thead>
                <tr className="text-left text-slate-500 dark:text-slate-400">
                  <th scope="col" className="py-1 pr-3">Round</th>
                  <th scope="col" className="py-1 pr-3">Colour</th>
                  <th scope="col" className="py-1 pr-3">Opponent</th>
                  <th scope="col" className="py-1">Result</th>
                </tr>
              </thead>
              <tbody>
                {standing.sheet.map((cell) => (
                  <tr key={cell.round} className="border-t border-slate-200 dark:border-slate-700">
                    <td className="py-1 pr-3 tabular-nums">{cell.round}</td>
                    <td className="py-1 pr-3">{cell.colour === 'white' ? 'White' : cell.colour === 'black' ? 'Black' : '–'}</td>
                    <td className="py-1 pr-3">{cell.opponent ? <PlayerLink name={cell.opponent} /> : '–'}</td>
                    <td className="py-1">{sheetCellLabel(cell)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </>
    )}
  </Dialog>
);
