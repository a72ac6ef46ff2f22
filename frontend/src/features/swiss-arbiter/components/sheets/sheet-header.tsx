import type { Tournament } from '@/lib/swiss/types';
import { formatDateTime, timeControlLabel } from '@/lib/swiss/display';

/** Every printed sheet starts with the event, the sheet's title, the round and the date. */
export const SheetHeader = ({ tournament, title, round }: { tournament: Tournament; title: string; round: number }) => (
  <header className="mb-3 flex flex-col gap-0.5 border-b border-slate-400 pb-2">
    <h1 className="text-xl font-bold">{tournament.name}</h1>
    <p className="text-sm">
      {title} · {round > 0 ? `Round ${round} of ${tournament.num_rounds}` : 'Before round 1'} · {timeControlLabel(tournament)} ·{' '}
      Printed {formatDateTime(new Date().toISOString())}
    </p>
  </header>
);
