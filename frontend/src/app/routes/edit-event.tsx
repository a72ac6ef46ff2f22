import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useParams } from 'wouter';

import { NotFoundRoute } from '@/app/routes/not-found';
import { QueryBoundary } from '@/components/ui/query-boundary';
import { SignInPrompt } from '@/components/ui/sign-in-prompt';
import { Spinner } from '@/components/ui/spinner';
import { useMe } from '@/lib/auth';
import { useTeam } from '@/features/teams/api/get-team';
import { useTournament } from '@/lib/swiss/get-tournament';
import { EventForm } from '@/features/swiss-form/components/event-form';
import type { Tournament } from '@/lib/swiss/types';
import { usePageTitle } from '@/hooks/use-page-title';

export const EditEventRoute = () => {
  const { id = '' } = useParams();
  const tournamentId = /^\d+$/.test(id) ? Number(id) : null;
  return tournamentId === null ? <NotFoundRoute /> : <EditEvent tournamentId={tournamentId} />;
};

/** Only the hosting team's leaders see the form: anyone else is told so before any field shows. */
const LeadersOnly = ({ event }: { event: Tournament }) => {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const me = useMe();
  const team = useTeam(me.data ? event.team : undefined);
  if (me.isPending || (me.data && team.isPending)) return <Spinner label={t`Checking your role…`} />;
  if (!me.data) return <SignInPrompt action={t({ message: 'edit this event', comment: 'completes "Log in to …"' })} />;
  const teamName = event.team_name;
  if (team.data?.my_role !== 'leader')
    return (
      <p role="alert" className="text-sm">
        <Trans>Only the leaders of {teamName} can edit this event.</Trans>{' '}
        <Link to={`/swiss/${event.id}`} className="underline">
          <Trans>Back to the event</Trans>
        </Link>
      </p>
    );
  return <EventForm team={event.team} event={event} onSaved={() => navigate(`/swiss/${event.id}`)} />;
};

const linkClass = 'rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800';

/** A finished or cancelled event has no settings left to change: the page says so, and where
 * what can still be done is, instead of showing a form nobody can use. */
const ClosedEvent = ({ event }: { event: Tournament }) => {
  const { t } = useLingui();
  const finished = event.status === 'finished';
  const name = event.name;
  return (
    <section aria-label={t`Event closed`} className="flex flex-col gap-3">
      <p role="status">
        {finished ? (
          <Trans>{name} has finished, so its settings can no longer be changed.</Trans>
        ) : (
          <Trans>{name} was cancelled, so its settings can no longer be changed.</Trans>
        )}
      </p>
      <p className="text-sm">
        {finished ? (
          <Trans>
            Its leaders can still correct the last round’s results and set the prizes in the Arbiter panel of the event’s page, enter
            the FIDE data in the rating report, print the sheets and download the exports.
          </Trans>
        ) : (
          <Trans>Its leaders can still print the sheets and download the exports.</Trans>
        )}
      </p>
      <nav aria-label={t`What can still be done`} className="flex flex-wrap gap-2">
        <Link to={`/swiss/${event.id}`} className={linkClass}>
          <Trans>Back to the event</Trans>
        </Link>
        <Link to={`/swiss/${event.id}/print/standings`} className={linkClass}>
          <Trans>Print standings</Trans>
        </Link>
        <Link to={`/swiss/${event.id}/print/crosstable`} className={linkClass}>
          <Trans>Print crosstable</Trans>
        </Link>
        {finished && (
          <Link to={`/swiss/${event.id}/rating-report`} className={linkClass}>
            <Trans>FIDE rating report</Trans>
          </Link>
        )}
        <Link to={`/swiss/${event.id}/exports`} className={linkClass}>
          <Trans>Federation exports</Trans>
        </Link>
      </nav>
    </section>
  );
};

const EditEvent = ({ tournamentId }: { tournamentId: number }) => {
  const { t } = useLingui();
  const tournament = useTournament(tournamentId);
  const name = tournament.data?.name;
  usePageTitle(name ? t`Edit ${name}` : t`Edit event`);
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">
        <Trans>Edit event</Trans>
      </h1>
      <QueryBoundary query={tournament} loadingLabel={t`Loading the event…`}>
        {(event) => (event.status === 'finished' || event.status === 'cancelled' ? <ClosedEvent event={event} /> : <LeadersOnly event={event} />)}
      </QueryBoundary>
    </div>
  );
};
