import { Trans, useLingui } from '@lingui/react/macro';

import type { Prize } from '@/lib/swiss/prizes';
import { categoryLabel, placeLabel, prizeLabel, receivedLabel } from '@/lib/swiss/prize-labels';

// Every cell but the last keeps a gap to the next column: at 360 px the headers touched.
const cellClass = 'py-1 pe-3 align-top last:pe-0';

/** A Hort share's note: who else shared the places. */
const SharedWith = ({ names }: { names: string[] }) => {
  const players = names.join(', ');
  return (
    <span className="text-xs text-slate-500 dark:text-slate-400">
      {' '}
      <Trans comment="a prize shared by the Hort system with these players">(Hort, with {players})</Trans>
    </span>
  );
};

/** The prize table, with the winners and what each receives once the event is over. */
export const PrizeTable = ({ prizes, final }: { prizes: Prize[]; final: boolean }) => {
  const { t } = useLingui();
  return (
    <table aria-label={t({ message: 'Prizes', comment: 'the prize table' })} className="w-full border-collapse text-sm">
      <thead>
        <tr className="border-b border-slate-400 text-start">
          <th className={cellClass}>
            <Trans comment="a prize's category (a column)">Category</Trans>
          </th>
          <th className={cellClass}>
            <Trans comment="the place a prize is for (a column)">Place</Trans>
          </th>
          <th className={cellClass}>
            <Trans comment="a column of the prize table">Prize</Trans>
          </th>
          {final && (
            <>
              <th className={cellClass}>
                <Trans comment="who won a prize (a column)">Winner</Trans>
              </th>
              <th className={cellClass}>
                <Trans comment="what the winner receives (a column)">Receives</Trans>
              </th>
            </>
          )}
        </tr>
      </thead>
      <tbody>
        {prizes.map((prize) => (
          <tr key={prize.id} className="border-b border-slate-200 tabular-nums dark:border-slate-700">
            <td className={cellClass}>{categoryLabel(prize)}</td>
            <td className={cellClass}>{placeLabel(prize.place)}</td>
            <td className={`${cellClass} break-words`}>{prizeLabel(prize)}</td>
            {final && (
              <>
                <td className={`${cellClass} break-all`}>{prize.winner ?? '—'}</td>
                <td className={`${cellClass} break-words`}>
                  {receivedLabel(prize)}
                  {prize.shared_with.length > 0 && <SharedWith names={prize.shared_with} />}
                </td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
};
