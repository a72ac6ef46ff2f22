import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import { QueryBoundary } from '@/components/ui/query-boundary';
import { useTeam } from '@/features/teams/api/get-team';
import { TeamLeaderTools } from '@/features/teams/components/team-leader-tools';
import { TeamMembers } from '@/features/teams/components/team-members';
import { TeamMembership } from '@/features/teams/components/team-membership';

type TeamViewProps = { slug: string; signedIn: boolean | undefined; events: ReactNode };

/** A team's page; the route passes in the list of its events. */
export const TeamView = ({ slug, signedIn, events }: TeamViewProps) => {
  const { t } = useLingui();
  const team = useTeam(slug);
  return (
    <QueryBoundary query={team} loadingLabel={t`Loading the team…`}>
      {(data) => {
        const count = data.member_count;
        return (
          <div className="flex flex-col gap-6">
            <header className="flex flex-col gap-2">
              <h1 className="text-2xl font-bold">{data.name}</h1>
              {data.description && <p className="whitespace-pre-line text-slate-700 dark:text-slate-300">{data.description}</p>}
              <p className="text-sm text-slate-500 dark:text-slate-400">
                {data.join_policy === 'request'
                  ? t`${plural(count, {
                      one: '# member · joining needs a leader’s approval',
                      other: '# members · joining needs a leader’s approval',
                    })}`
                  : t`${plural(count, { one: '# member · open to everyone', other: '# members · open to everyone' })}`}
              </p>
              <TeamMembership team={data} signedIn={signedIn} />
            </header>
            {data.my_role === 'leader' && <TeamLeaderTools slug={slug} />}
            <section aria-labelledby="team-events" className="flex flex-col gap-2">
              <h2 id="team-events" className="text-lg font-semibold">
                <Trans>Events</Trans>
              </h2>
              {events}
            </section>
            <TeamMembers slug={slug} />
          </div>
        );
      }}
    </QueryBoundary>
  );
};
