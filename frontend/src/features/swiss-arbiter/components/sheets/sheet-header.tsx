import { useLingui } from '@lingui/react/macro';

import type { Tournament } from '@/lib/swiss/types';
import { dateTimeText } from '@/lib/i18n/format';
import { timeControlLabel } from '@/lib/swiss/display';

/** Every printed sheet starts with the event, the sheet's title, the round and the date. */
export const SheetHeader = ({ tournament, title, round }: { tournament: Tournament; title: string; round: number }) => {
  const { t } = useLingui();
  const total = tournament.num_rounds;
  const clock = timeControlLabel(tournament);
  const printed = dateTimeText(new Date());
  const progress = round > 0 ? t`Round ${round} of ${total}` : t`Before round 1`;
  return (
    <header className="mb-3 flex flex-col gap-0.5 border-b border-slate-400 pb-2">
      <h1 className="text-xl font-bold">{tournament.name}</h1>
      <p className="text-sm">
        {t({
          message: `${title} · ${progress} · ${clock} · Printed ${printed}`,
          comment: 'a printed sheet’s header: the sheet (Pairings…), the round, the time control (3+2), when it was printed',
        })}
      </p>
    </header>
  );
};
