import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PlayerLink } from '@/components/ui/player-link';
import { entryStatusLabel, sheetCellLabel } from '@/lib/swiss/display';
import type { Standing } from '@/lib/swiss/types';

type SwissPlayerSheetProps = { standing: Standing | null; onClose: () => void };

/** A player's round-by-round games in a dialog named "<username>'s games". */
export const SwissPlayerSheet = ({ standing, onClose }: SwissPlayerSheetProps) => {
  const { t } = useLingui();
  const name = standing?.username ?? '';
  const rank = standing?.rank_label ?? '–';
  const points = standing?.points ?? '';
  const rating = standing?.rating ?? '';
  const status = standing ? entryStatusLabel(standing) : null;
  return (
    <Dialog title={standing ? t`${name}'s games` : ''} open={standing !== null} onClose={onClose}>
      {standing && (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            <Trans>
              Rank {rank} · {points} points · rating {rating}
            </Trans>
            {status ? ` · ${status}` : ''} ·{' '}
            <Link to={`/@/${standing.username}`} className="text-emerald-800 underline-offset-2 hover:underline dark:text-emerald-400">
              <Trans>profile and rating history</Trans>
            </Link>
          </p>
          {standing.sheet.length === 0 ? (
            <EmptyState>
              <Trans>No round played yet.</Trans>
            </EmptyState>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="sr-only">
                  <Trans>Games of {name}</Trans>
                </caption>
                <thead>
                  <tr className="text-start text-slate-500 dark:text-slate-400">
                    <th scope="col" className="py-1 pe-3">
                      <Trans comment="a column: the round of a Swiss event">Round</Trans>
                    </th>
                    <th scope="col" className="py-1 pe-3">
                      <Trans comment="a column: the colour a player had">Colour</Trans>
                    </th>
                    <th scope="col" className="py-1 pe-3">
                      <Trans comment="a column">Opponent</Trans>
                    </th>
                    <th scope="col" className="py-1">
                      <Trans comment="a column: the result of a game">Result</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {standing.sheet.map((cell) => (
                    <tr key={cell.round} className="border-t border-slate-200 dark:border-slate-700">
                      <td className="py-1 pe-3 tabular-nums">{cell.round}</td>
                      <td className="py-1 pe-3">
                        {cell.colour === 'white'
                          ? t({ message: 'White', comment: 'the colour of the pieces' })
                          : cell.colour === 'black'
                            ? t({ message: 'Black', comment: 'the colour of the pieces' })
                            : '–'}
                      </td>
                      <td className="py-1 pe-3">{cell.opponent ? <PlayerLink name={cell.opponent} /> : '–'}</td>
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
};
