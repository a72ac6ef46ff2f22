import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

import { usePrizes } from '@/lib/swiss/prizes';
import { PrizeTable } from '@/components/swiss/prize-table';

const SHARING = {
  tiebreaks: msg`Shared places: the tie-breaks decide.`,
  hort: msg`Shared places: Hort system (half of each prize by rank, half split among the tied).`,
} as const;

/** The event page's prizes: the table before the end, with its winners after the last round.
 * Nothing shows for an event without prizes. */
export const SwissPrizes = ({ tournamentId }: { tournamentId: number }) => {
  const { t } = useLingui();
  const prizes = usePrizes(tournamentId);
  const table = prizes.data;
  if (!table || table.prizes.length === 0) return null;
  return (
    <section aria-labelledby="prizes-title" className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="prizes-title" className="text-lg font-semibold">
          {table.final ? t`Prize winners` : t`Prizes`}
        </h2>
        <Link to={`/swiss/${tournamentId}/print/prizes`} className="text-sm underline">
          <Trans>Printable prize list</Trans>
        </Link>
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {t(SHARING[table.sharing])} <Trans>One prize per player: the higher one.</Trans>
      </p>
      <PrizeTable prizes={table.prizes} final={table.final} />
    </section>
  );
};
