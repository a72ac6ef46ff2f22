import { useParams } from 'wouter';

import { NotFoundRoute } from '@/app/routes/not-found';
import { useMe } from '@/lib/auth';
import { useTeam } from '@/features/teams/api/get-team';
import { TeamView } from '@/features/teams/components/team-view';
import { TeamSwissEventList } from '@/features/team-swiss/components/team-swiss-event-list';
import { CohostInvitations } from '@/features/swiss-arbiter/components/cohost-invitations';
import { SwissLobby } from '@/features/swiss-event/components/swiss-lobby';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-error';

export const TeamRoute = () => {
  const { slug = '' } = useParams();
  const me = useMe();
  const team = useTeam(slug);
  usePageTitle(team.data?.name);
  if (team.error instanceof ApiError && team.error.status === 404) return <NotFoundRoute />;
  return <TeamView slug={slug} signedIn={me.isPending ? undefined : Boolean(me.data)} events={
        <div className="flex flex-col gap-6">
          {team.data?.my_role === 'leader' && <CohostInvitations team={slug} />}
          {/* The events it hosts or co-hosts (its members may join either), and the team Swiss
              events it hosts or plays in. */}
          <SwissLobby club={slug} />
          <TeamSwissEventList team={slug} isLeader={team.data?.my_role === 'leader'} />
        </div>
      } />;
};
