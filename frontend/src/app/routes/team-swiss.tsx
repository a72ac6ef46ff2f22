import { useParams } from 'react-router';

import { NotFoundRoute } from '@/app/routes/not-found';
import { useMe } from '@/lib/auth';
import { useTeamSwissEvent } from '@/features/team-swiss/api/get-team-swiss';
import { TeamSwissPage } from '@/features/team-swiss/components/team-swiss-page';
import { ArbiterCalls } from '@/features/swiss-arbiter/components/arbiter-calls';
import { AuditLog } from '@/features/swiss-arbiter/components/audit-log';
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
  // The individual events' arbiter tools, for the team event (its arbiter panel shows them to
  // the host team's leaders): the calls while an online event is played, and the audit log.
  const arbitrated = { kind: 'team-swiss', id: eventId } as const;
  const playedOnline = event.data?.mode === 'online' && event.data.status === 'started';
  return (
    <TeamSwissPage
      eventId={eventId}
      username={me.data?.username ?? null}
      arbiterCalls={playedOnline ? <ArbiterCalls event={arbitrated} /> : null}
      auditLog={<AuditLog event={arbitrated} />}
    />
  );
};
