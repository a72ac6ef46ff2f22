import { useParams } from 'react-router';

import { NotFoundRoute } from '@/app/routes/not-found';
import { useMe } from '@/lib/auth';
import { useTeamSwissEvent } from '@/features/team-swiss/api/get-team-swiss';
import { TeamSwissPage } from '@/features/team-swiss/components/team-swiss-page';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-error';

export const TeamSwissRoute = () => {
  const { id = '' } = useParams();
  return /^\d+$/.test(id) ? <TeamSwissEvent eventId={Number(id)} /> : <NotFoundRoute />;
};

const TeamSwissEvent = ({ eventId }: { eventId: number }) => {
  const me = useMe();
  const event = useTeamSwissEvent(eventId);
  usePageTitle(event.data?.name);
  if (event.error instanceof ApiError && event.error.status === 404) return <NotFoundRoute />;
  return <TeamSwissPage eventId={eventId} username={me.data?.username ?? null} />;
};
