import type { Prize } from '@/lib/swiss/prizes';
import { categoryLabel, placeLabel, prizeLabel, receivedLabel } from '@/lib/swiss/prize-labels';

// Every cell but the last keeps a gap to the next column: at 360 px the headers touched.
const cell = 'py-1 pr-3 align-top last:pr-0';

/** The prize table, with the winners and what each receives once the event is over. */
export const PrizeTable = ({ prizes, final }: { prizes: Prize[]; final: boolean }) => (
  <table aria-label="Prizes" className="w-full border-collapse text-sm">
    <thead>
      <tr className="border-b border-slate-400 text-left">
        <th className={cell}>Category</th>
        <th className={cell}>Place</th>
        <th className={cell}>Prize</th>
        {final && (
          <>
            <th className={cell}>Winner</th>
            <th className={cell}>Receives</th>
          </>
        )}
      </tr>
    </thead>
    <tbody>
      {prizes.map((prize) => (
        <tr key={prize.id} className="border-b border-slate-200 tabular-nums dark:border-slate-700">
          <td className={cell}>{categoryLabel(prize)}</td>
          <td className={cell}>{placeLabel(prize.place)}</td>
          <td className={`${cell} break-words`}>{prizeLabel(prize)}</td>
          {final && (
            <>
              <td className={`${cell} break-all`}>{prize.winner ?? '—'}</td>
              <td className={`${cell} break-words`}>
                {receivedLabel(prize)}
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
