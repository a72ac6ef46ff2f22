import type { Prize } from '@/features/tournaments/api/prizes';
import { categoryLabel, placeLabel, prizeLabel } from '@/features/tournaments/types/prizes';

/** The prize table, with the winners and what each receives once the event is over. */
export const PrizeTable = ({ prizes, final }: { prizes: Prize[]; final: boolean }) => (
  <table aria-label="Prizes" className="w-full border-collapse text-sm">
    <thead>
      <tr className="border-b border-slate-400 text-left">
        <th className="py-1">Category</th>
        <th>Place</th>
        <th>Prize</th>
        {final && (
          <>
            <th>Winner</th>
            <th>Receives</th>
          </>
        )}
      </tr>
    </thead>
    <tbody>
      {prizes.map((prize) => (
        <tr key={prize.id} className="border-b border-slate-200 tabular-nums dark:border-slate-700">
          <td className="py-1">{categoryLabel(prize)}</td>
          <td>{placeLabel(prize.place)}</td>
          <td>{prizeLabel(prize)}</td>
          {final && (
            <>
              <td className="break-words">{prize.winner ?? '—'}</td>
              <td>
                {prize.received ?? (prize.winner && prize.label) ?? ''}
                {prize.shared_with.length > 0 && (
                  <span className="text-xs text-slate-500 dark:text-slate-400"> (Hort, with {prize.shared_with.join(', ')})</span>
                )}
              </td>
            </>
          )}
        </tr>
      ))}
    </tbody>
  </table>
);
