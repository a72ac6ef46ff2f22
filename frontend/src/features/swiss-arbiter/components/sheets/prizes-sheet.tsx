import { Trans, useLingui } from '@lingui/react/macro';

import { QueryBoundary } from '@/components/ui/query-boundary';
import { usePrizes } from '@/lib/swiss/prizes';
import { PrizeTable } from '@/components/swiss/prize-table';
import { SheetHeader } from '@/features/swiss-arbiter/components/sheets/sheet-header';
import type { Tournament } from '@/lib/swiss/types';

/** The prize list for the prize-giving: the table, and its winners once the event is over. */
export const PrizesSheet = ({ tournament }: { tournament: Tournament }) => {
  const { t } = useLingui();
  const prizes = usePrizes(tournament.id);
  return (
    <div className="print-sheet">
      <SheetHeader tournament={tournament} title={t({ message: 'Prizes', comment: 'a printed sheet' })} round={tournament.current_round} />
      <QueryBoundary query={prizes} loadingLabel={t`Loading the prizes…`}>
        {(table) =>
          table.prizes.length === 0 ? (
            <p>
              <Trans>This event has no prizes.</Trans>
            </p>
          ) : <PrizeTable prizes={table.prizes} final={table.final} />
        }
      </QueryBoundary>
    </div>
  );
};
