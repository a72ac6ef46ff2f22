import { useParams } from 'wouter';

import { NotFoundRoute } from '@/app/routes/not-found';
import { TeamSwissArbiterPanel } from '@/features/team-swiss-arbiter/components/team-swiss-arbiter-panel';
import { TeamSwissPage } from '@/features/team-swiss-event/components/team-swiss-page';
import { ArbiterCalls } from '@/features/swiss-arbiter/components/arbiter-calls';
import { AuditLog } from '@/features/swiss-arbiter/components/audit-log';
import { usePageTitle } from '@/hooks/use-page-title';
import { useMe } from '@/lib/auth';
import { useTeamSwissEvent } from '@/lib/team-swiss/get-team-swiss';
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
  // The host team's leaders' arbiter panel, with the individual events' arbiter tools for the
  // team event: the calls while an online event is played, and the audit log.
  const arbitrated = { kind: 'team-swiss', id: eventId } as const;
  const playedOnline = event.data?.mode === 'online' && event.data.status === 'started';
  const arbiter = event.data?.viewer_is_leader ? (
    <TeamSwissArbiterPanel event={event.data} calls={playedOnline ? <ArbiterCalls event={arbitrated} /> : null} log={<AuditLog event={arbitrated} />} />
  ) : null;
  return <TeamSwissPage eventId={eventId} username={me.data?.username ?? null} arbiter={arbiter} />;
};
