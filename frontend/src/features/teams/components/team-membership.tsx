import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { SignInPrompt } from '@/components/ui/sign-in-prompt';
import type { TeamDetail } from '@/features/teams/api/get-team';
import { useJoinTeam, useLeaveTeam } from '@/features/teams/api/join-team';
import { errorMessage } from '@/lib/api-error';

/** `signedIn` is undefined while the session is being checked: nothing is offered yet. */
type TeamMembershipProps = { team: TeamDetail; signedIn: boolean | undefined };

/** Join (or ask to join) and leave buttons, with the outcome announced. */
export const TeamMembership = ({ team, signedIn }: TeamMembershipProps) => {
  const join = useJoinTeam(team.slug);
  const leave = useLeaveTeam(team.slug);
  const [notice, setNotice] = useState<string | null>(null);
  if (signedIn === undefined) return null;
  if (!signedIn)
    return (
      <SignInPrompt action="join this team" />
    );
  const error = join.error ?? leave.error;
  return (
    <div className="flex flex-col gap-2">
      {team.my_role ? (
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-sm">You are {team.my_role === 'leader' ? 'a leader' : 'a member'} of this team.</span>
          <Button
            variant="secondary"
            disabled={leave.isPending}
            onClick={() => leave.mutate(undefined, { onSuccess: () => setNotice('You left the team.') })}
          >
            Leave team
          </Button>
        </div>
      ) : team.my_request ? (
        <p className="text-sm">
          <span className="font-medium">Request pending</span>: you asked to join on{' '}
          <time dateTime={team.my_request.created_at}>{new Date(team.my_request.created_at).toLocaleDateString()}</time>; a
          leader of the team will decide.
        </p>
      ) : (
        <Button
          className="self-start"
          disabled={join.isPending}
          onClick={() =>
            join.mutate(undefined, {
              onSuccess: (outcome) =>
                setNotice(outcome === 'requested' ? 'Request sent: a leader will decide.' : 'Welcome to the team!'),
            })
          }
        >
          {team.join_policy === 'request' ? 'Request to join' : 'Join team'}
        </Button>
      )}
      <div aria-live="polite" className="text-sm">
        {notice}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(error)}
        </p>
      )}
    </div>
  );
};
