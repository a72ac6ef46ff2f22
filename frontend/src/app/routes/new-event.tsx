import { useNavigate, useParams } from 'react-router';

import { NotFoundRoute } from '@/app/routes/not-found';
import { useTeam } from '@/features/teams/api/get-team';
import { EventForm } from '@/features/swiss-form/components/event-form';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-error';

export const NewEventRoute = () => {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const team = useTeam(slug);
  usePageTitle('New event');
  if (team.error instanceof ApiError && team.error.status === 404) return <NotFoundRoute />;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">New event{team.data ? ` for ${team.data.name}` : ''}</h1>
      {team.data && team.data.my_role !== 'leader' && <p role="alert">Only the team’s leaders create events.</p>}
      <EventForm team={slug} event={null} onSaved={(event) => void navigate(`/swiss/${event.id}`)} />
    </div>
  );
};
