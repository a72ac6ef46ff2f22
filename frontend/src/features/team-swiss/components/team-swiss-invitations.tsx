import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorMessage } from '@/components/ui/error-message';
import { FormError } from '@/components/ui/form-error';
import { Spinner } from '@/components/ui/spinner';
import { useInvitationAnswer, useInvitations } from '@/features/team-swiss/api/team-swiss-invitations';
import type { SquadInvitation } from '@/lib/team-swiss/types';
import { errorMessage } from '@/lib/api-error';

const Invitation = ({ invitation }: { invitation: SquadInvitation }) => {
  const { t } = useLingui();
  const answer = useInvitationAnswer();
  const { event, team, order, captain } = invitation;
  const teamName = team.name;
  const eventName = event.name;
  return (
    <li aria-label={t({ message: `${teamName} in ${eventName}`, comment: 'A team in a team Swiss event.' })} className="flex flex-col gap-1 py-2 text-sm">
      <p className="break-words">
        <Trans>
          <span className="font-medium">{teamName}</span> invites you to its squad (board order {order}) in{' '}
          <Link to={`/team-swiss/${event.id}`} className="text-emerald-800 underline dark:text-emerald-400">
            {eventName}
          </Link>
        </Trans>
        {captain && (
          <span className="text-slate-500">
            {' · '}
            <Trans comment="The team's captain, by username.">captain {captain}</Trans>
          </span>
        )}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button disabled={answer.isPending} onClick={() => answer.mutate({ invitation, accept: true })}>
          <Trans comment="Accept an invitation.">Accept</Trans>
        </Button>
        <Button variant="secondary" disabled={answer.isPending} onClick={() => answer.mutate({ invitation, accept: false })}>
          <Trans comment="Decline an invitation.">Decline</Trans>
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
  const { t } = useLingui();
  const invitations = useInvitations();
  return (
    <section aria-labelledby="team-invitations" className="flex flex-col gap-2">
      <h2 id="team-invitations" className="text-lg font-semibold">
        <Trans>Team Swiss invitations</Trans>
      </h2>
      {invitations.isPending ? (
        <Spinner label={t`Loading invitations…`} />
      ) : invitations.error ? (
        <ErrorMessage error={invitations.error} onRetry={() => void invitations.refetch()} />
      ) : invitations.data.results.length === 0 ? (
        <EmptyState>
          <Trans>No pending invitations.</Trans>
        </EmptyState>
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
