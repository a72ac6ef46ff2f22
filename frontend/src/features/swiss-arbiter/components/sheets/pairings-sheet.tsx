import { Trans, useLingui } from '@lingui/react/macro';
import { QRCodeSVG } from 'qrcode.react';

import { QueryBoundary } from '@/components/ui/query-boundary';
import { useRound } from '@/lib/swiss/get-rounds';
import { SheetHeader } from '@/features/swiss-arbiter/components/sheets/sheet-header';
import { byeLabel, resultLabel } from '@/lib/swiss/display';
import type { Tournament } from '@/lib/swiss/types';

/** The hall-wall sheet: boards in order, byes, and a QR code to the live event page. */
export const PairingsSheet = ({ tournament, eventUrl }: { tournament: Tournament; eventUrl: string }) => {
  const { t } = useLingui();
  const round = useRound(tournament.id, tournament.current_round || null);
  return (
    <div className="print-sheet">
      <div className="flex items-start justify-between gap-4">
        <SheetHeader tournament={tournament} title={t({ message: 'Pairings', comment: 'a printed sheet' })} round={tournament.current_round} />
        <figure className="flex flex-col items-center text-xs">
          <QRCodeSVG value={eventUrl} size={96} role="img" aria-label={t`QR code to ${eventUrl}`} />
          <figcaption>
            <Trans>Live results</Trans>
          </figcaption>
        </figure>
      </div>
      {tournament.current_round === 0 ? (
        <p>
          <Trans>Round 1 has not been paired yet.</Trans>
        </p>
      ) : (
        <QueryBoundary query={round} loadingLabel={t`Loading the pairings…`}>
          {(detail) => (
            <table aria-label={t({ message: 'Pairings', comment: 'a printed sheet' })} className="w-full border-collapse text-sm">
              <thead>
                <tr className="border-b border-slate-400 text-start">
                  <th className="py-1">
                    <Trans>Board</Trans>
                  </th>
                  <th>
                    <Trans comment="the player with the white pieces (a column)">White</Trans>
                  </th>
                  <th>
                    <Trans>Result</Trans>
                  </th>
                  <th>
                    <Trans comment="the player with the black pieces (a column)">Black</Trans>
                  </th>
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
