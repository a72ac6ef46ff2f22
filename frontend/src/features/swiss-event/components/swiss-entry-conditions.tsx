import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

import { useEntryConditions } from '@/features/swiss-event/api/get-entry-conditions';
import type { Tournament } from '@/lib/swiss/types';

type SwissEntryConditionsProps = { tournament: Tournament; username: string | null | undefined };

const MARKS = {
  met: { sign: '✓', word: msg({ message: 'met', comment: 'an entry condition the viewer meets' }), colourClass: 'text-emerald-700 dark:text-emerald-400' },
  unmet: { sign: '✗', word: msg({ message: 'not met', comment: 'an entry condition the viewer does not meet' }), colourClass: 'text-red-700 dark:text-red-400' },
  open: { sign: '•', word: null, colourClass: 'text-slate-400' },
};

/** "Entry conditions": team, rating limits, the fair-play rules set (account age, rated games),
 * password, online or over the board, time control and the draw rule, each marked ✓ or ✗ for the signed-in player (a visitor sees them unmarked). */
export const SwissEntryConditions = ({ tournament, username }: SwissEntryConditionsProps) => {
  const { t } = useLingui();
  const conditions = useEntryConditions(tournament.id, username);
  const teamName = tournament.team_name;
  if (!conditions.data) return null;
  return (
    <section aria-labelledby="entry-conditions-title" className="flex flex-col gap-2 rounded-md border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="entry-conditions-title" className="text-lg font-semibold">
        <Trans>Entry conditions</Trans>
      </h2>
      <ul className="flex flex-col gap-1 text-sm">
        {conditions.data.map((condition) => {
          const mark = condition.met === null ? MARKS.open : condition.met ? MARKS.met : MARKS.unmet;
          return (
            <li key={condition.code} data-condition={condition.code} className="flex items-baseline gap-x-2">
              <span aria-hidden="true" className={`w-4 shrink-0 text-center font-bold ${mark.colourClass}`}>
                {mark.sign}
              </span>
              <span className="min-w-0 flex-1">
                {condition.text}
                {mark.word && <span className="sr-only"> ({t(mark.word)})</span>}
                {condition.detail && <span className="text-slate-500 dark:text-slate-400"> · {condition.detail}</span>}
                {condition.code === 'team' && condition.met === false && (
                  <>
                    {' '}
                    <Link to={`/teams/${tournament.team}`} className="font-medium text-emerald-800 underline dark:text-emerald-400">
                      <Trans>Join team {teamName}</Trans>
                    </Link>
                  </>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
};
