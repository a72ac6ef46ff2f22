import { useNavigate, useParams } from 'react-router';

import { NotFoundRoute } from '@/app/routes/not-found';
import { QueryBoundary } from '@/components/ui/query-boundary';
import { useTournament } from '@/features/tournaments/api/get-tournament';
import { EventForm } from '@/features/tournaments/components/event-form';
import { usePageTitle } from '@/hooks/use-page-title';

export const EditEventRoute = () => {
  const { id = '' } = useParams();
  const tournamentId = /^\d+$/.test(id) ? Number(id) : null;
  return tournamentId === null ? <NotFoundRoute /> : <EditEvent tournamentId={tournamentId} />;
};

const EditEvent = ({ tournamentId }: { tournamentId: number }) => {
  const navigate = useNavigate();
  const tournament = useTournament(tournamentId);
  usePageTitle(tournament.data ? `Edit ${tournament.data.name}` : 'Edit event');
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Edit event</h1>
      <QueryBoundary query={tournament} loadingLabel="Loading the event…">
        {(event) => <EventForm team={event.team} event={event} onSaved={() => void navigate(`/swiss/${event.id}`)} />}
      </QueryBoundary>
    </div>
  );
};
