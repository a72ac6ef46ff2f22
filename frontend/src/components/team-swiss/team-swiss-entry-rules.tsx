import { Trans, useLingui } from '@lingui/react/macro';

import type { TeamSwissEvent } from '@/lib/team-swiss/types';

/** The event's fair-play entry rules, which every squad player's account must meet (none set: nothing). */
export const TeamSwissEntryRules = ({ event }: { event: TeamSwissEvent }) => {
  const { t } = useLingui();
  if (event.entry_rules.length === 0) return null;
  return (
    <div role="note" aria-label={t`Entry rules`} className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm dark:border-amber-700 dark:bg-amber-950">
      <p className="font-medium">
        <Trans>Every player on the squad must meet the event’s entry rules, and needs an account:</Trans>
      </p>
      <ul className="list-disc ps-5">
        {event.entry_rules.map((rule) => (
          <li key={rule.code} data-rule={rule.code}>
            {rule.text}
          </li>
        ))}
      </ul>
    </div>
  );
};
