import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation, useParams } from 'wouter';

import { NotFoundRoute } from '@/app/routes/not-found';
import { useTeam } from '@/features/teams/api/get-team';
import { EventForm } from '@/features/swiss-form/components/event-form';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-error';

export const NewEventRoute = () => {
  const { slug = '' } = useParams();
  const [, navigate] = useLocation();
  const team = useTeam(slug);
  const { t } = useLingui();
  usePageTitle(t`New event`);
  if (team.error instanceof ApiError && team.error.status === 404) return <NotFoundRoute />;
  const teamName = team.data?.name;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{teamName ? <Trans>New event for {teamName}</Trans> : <Trans>New event</Trans>}</h1>
      {team.data && team.data.my_role !== 'leader' && (
        <p role="alert">
          <Trans>Only the team’s leaders create events.</Trans>
        </p>
      )}
      <EventForm team={slug} event={null} onSaved={(event) => navigate(`/swiss/${event.id}`)} />
    </div>
  );
};
