import { Link, useNavigate, useParams } from 'react-router';

import { NotFoundRoute } from '@/app/routes/not-found';
import { QueryBoundary } from '@/components/ui/query-boundary';
import { SignInPrompt } from '@/components/ui/sign-in-prompt';
import { Spinner } from '@/components/ui/spinner';
import { useMe } from '@/lib/auth';
import { useTeam } from '@/features/teams/api/get-team';
import { useTournament } from '@/features/tournaments/api/get-tournament';
import { EventForm } from '@/features/tournaments/components/event-form';
import type { Tournament } from '@/features/tournaments/types/swiss';
import { usePageTitle } from '@/hooks/use-page-title';

export const EditEventRoute = () => {
  const { id = '' } = useParams();
  const tournamentId = /^\d+$/.test(id) ? Number(id) : null;
  return tournamentId === null ? <NotFoundRoute /> : <EditEvent tournamentId={tournamentId} />;
};

/** Only the hosting team's leaders see the form: anyone else is told so before any field shows. */
const LeadersOnly = ({ event }: { event: Tournament }) => {
  const navigate = useNavigate();
  const me = useMe();
  const team = useTeam(me.data ? event.team : undefined);
  if (me.isPending || (me.data && team.isPending)) return <Spinner label="Checking your role…" />;
  if (!me.data) return <SignInPrompt action="edit this event" />;
  if (team.data?.my_role !== 'leader')
    return (
      <p role="alert" className="text-sm">
        Only the leaders of {event.team_name} can edit this event.{' '}
        <Link to={`/swiss/${event.id}`} className="underline">
          Back to the event
        </Link>
      </p>
    );
  return <EventForm team={event.team} event={event} onSaved={() => void navigate(`/swiss/${event.id}`)} />;
};

const EditEvent = ({ tournamentId }: { tournamentId: number }) => {
  const tournament = useTournament(tournamentId);
  usePageTitle(tournament.data ? `Edit ${tournament.data.name}` : 'Edit event');
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Edit event</h1>
      <QueryBoundary query={tournament} loadingLabel="Loading the event…">
        {(event) => <LeadersOnly event={event} />}
      </QueryBoundary>
    </div>
  );
};
