import { Link } from 'react-router';

import { usePrizes } from '@/lib/swiss/prizes';
import { PrizeTable } from '@/components/swiss/prize-table';

const SHARING = {
  tiebreaks: 'Shared places: the tie-breaks decide.',
  hort: 'Shared places: Hort system (half of each prize by rank, half split among the tied).',
} as const;

/** The event page's prizes: the table before the end, with its winners after the last round.
 * Nothing shows for an event without prizes. */
export const SwissPrizes = ({ tournamentId }: { tournamentId: number }) => {
  const prizes = usePrizes(tournamentId);
  const table = prizes.data;
  if (!table || table.prizes.length === 0) return null;
  return (
    <section aria-labelledby="prizes-title" className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="prizes-title" className="text-lg font-semibold">
          {table.final ? 'Prize winners' : 'Prizes'}
        </h2>
        <Link to={`/swiss/${tournamentId}/print/prizes`} className="text-sm underline">
          Printable prize list
        </Link>
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {SHARING[table.sharing]} One prize per player: the higher one.
      </p>
      <PrizeTable prizes={table.prizes} final={table.final} />
    </section>
  );
};
