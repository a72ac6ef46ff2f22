import { QRCodeSVG } from 'qrcode.react';

import { QueryBoundary } from '@/components/ui/query-boundary';
import { useRound } from '@/lib/swiss/get-rounds';
import { SheetHeader } from '@/features/swiss-arbiter/components/sheets/sheet-header';
import { byeLabel, resultLabel } from '@/lib/swiss/display';
import type { Tournament } from '@/lib/swiss/types';

/** The hall-wall sheet: boards in order, byes, and a QR code to the live event page. */
export const PairingsSheet = ({ tournament, eventUrl }: { tournament: Tournament; eventUrl: string }) => {
  const round = useRound(tournament.id, tournament.current_round || null);
  return (
    <div className="print-sheet">
      <div className="flex items-start justify-between gap-4">
        <SheetHeader tournament={tournament} title="Pairings" round={tournament.current_round} />
        <figure className="flex flex-col items-center text-xs">
          <QRCodeSVG value={eventUrl} size={96} role="img" aria-label={`QR code to ${eventUrl}`} />
          <figcaption>Live results</figcaption>
        </figure>
      </div>
      {tournament.current_round === 0 ? (
        <p>Round 1 has not been paired yet.</p>
      ) : (
        <QueryBoundary query={round} loadingLabel="Loading the pairings…">
          {(detail) => (
            <table aria-label="Pairings" className="w-full border-collapse text-sm">
              <thead>
                <tr className="border-b border-slate-400 text-left">
                  <th className="py-1">Board</th>
                  <th>White</th>
                  <th>Result</th>
                  <th>Black</th>
                </tr>
              </thead>
              <tbody>
                {detail.pairings.map((board) => (
                  <tr key={board.id} className="border-b border-slate-200">
                    <td className="py-1 tabular-nums">{board.board}</td>
                    <td>{board.white}</td>
                    <td>{board.result ? resultLabel(board.result) : ''}</td>
                    <td>{board.black}</td>
                  </tr>
                ))}
                {detail.byes.map((bye) => (
                  <tr key={bye.username} className="border-b border-slate-200">
                    <td className="py-1">–</td>
                    <td>{bye.username}</td>
                    <td colSpan={2}>{byeLabel(bye.kind, bye.not_yet_joined)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </QueryBoundary>
      )}
    </div>
  );
};
