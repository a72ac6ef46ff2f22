import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorMessage } from '@/components/ui/error-message';
import { FormError } from '@/components/ui/form-error';
import { Spinner } from '@/components/ui/spinner';
import { useInvitationAnswer, useInvitations } from '@/features/team-swiss/api/team-swiss-invitations';
import type { SquadInvitation } from '@/lib/team-swiss/types';
import { errorMessage } from '@/lib/api-error';

const Invitation = ({ invitation }: { invitation: SquadInvitation }) => {
  const answer = useInvitationAnswer();
  const { event, team } = invitation;
  return (
    <li aria-label={`${team.name} in ${event.name}`} className="flex flex-col gap-1 py-2 text-sm">
      <p className="break-words">
        <span className="font-medium">{team.name}</span> invites you to its squad (board order {invitation.order}) in{' '}
        <Link to={`/team-swiss/${event.id}`} className="text-emerald-800 underline dark:text-emerald-400">
          {event.name}
        </Link>
        {invitation.captain && <span className="text-slate-500"> · captain {invitation.captain}</span>}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button disabled={answer.isPending} onClick={() => answer.mutate({ invitation, accept: true })}>
          Accept
        </Button>
        <Button variant="secondary" disabled={answer.isPending} onClick={() => answer.mutate({ invitation, accept: false })}>
          Decline
        </Button>
      </div>
      <FormError message={answer.error ? errorMessage(answer.error) : null} />
    </li>
  );
};

/**
 * The signed-in user's squad invitations in team Swiss events: nobody plays on a squad
 * without accepting. Accepting one drops their other invitations in that event.
 */
export const TeamSwissInvitations = () => {
  const invitations = useInvitations();
  return (
    <section aria-labelledby="team-invitations" className="flex flex-col gap-2">
      <h2 id="team-invitations" className="text-lg font-semibold">
        Team Swiss invitations
      </h2>
      {invitations.isPending ? (
        <Spinner label="Loading invitations…" />
      ) : invitations.error ? (
        <ErrorMessage error={invitations.error} onRetry={() => void invitations.refetch()} />
      ) : invitations.data.results.length === 0 ? (
        <EmptyState>No pending invitations.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">
          {invitations.data.results.map((invitation) => (
            <Invitation key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      )}
    </section>
  );
};
