import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

import { TeamRequests } from '@/features/teams/components/team-requests';
import { TeamRoster } from '@/features/teams/components/team-roster';

/** What a team's leaders see on its page: a new event, join requests, the roster. */
export const TeamLeaderTools = ({ slug }: { slug: string }) => {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-6 rounded-md border border-emerald-200 p-4 dark:border-emerald-900" aria-label={t`Leader tools`} role="region">
      <Link
        to={`/teams/${slug}/new-event`}
        className="self-start rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-emerald-800"
      >
        <Trans>New event</Trans>
      </Link>
      <TeamRequests slug={slug} />
      <TeamRoster slug={slug} />
    </div>
  );
};
