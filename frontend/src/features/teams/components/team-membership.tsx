import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { SignInPrompt } from '@/components/ui/sign-in-prompt';
import type { TeamDetail } from '@/features/teams/api/get-team';
import { useJoinTeam, useLeaveTeam } from '@/features/teams/api/join-team';
import { errorMessage } from '@/lib/api-error';
import { dateText } from '@/lib/i18n/format';

/** `signedIn` is undefined while the session is being checked: nothing is offered yet. */
type TeamMembershipProps = { team: TeamDetail; signedIn: boolean | undefined };

/** Join (or ask to join) and leave buttons, with the outcome announced. */
export const TeamMembership = ({ team, signedIn }: TeamMembershipProps) => {
  const { t } = useLingui();
  const join = useJoinTeam(team.slug);
  const leave = useLeaveTeam(team.slug);
  const [notice, setNotice] = useState<string | null>(null);
  if (signedIn === undefined) return null;
  if (!signedIn)
    return (
      <SignInPrompt action={t({ message: 'join this team', comment: 'Completes "Log in to …".' })} />
    );
  const error = join.error ?? leave.error;
  const asked = team.my_request ? dateText(team.my_request.created_at) : '';
  return (
    <div className="flex flex-col gap-2">
      {team.my_role ? (
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-sm">
            {team.my_role === 'leader' ? <Trans>You are a leader of this team.</Trans> : <Trans>You are a member of this team.</Trans>}
          </span>
          <Button
            variant="secondary"
            disabled={leave.isPending}
            onClick={() => leave.mutate(undefined, { onSuccess: () => setNotice(t`You left the team.`) })}
          >
            <Trans>Leave team</Trans>
          </Button>
        </div>
      ) : team.my_request ? (
        <p className="text-sm">
          <Trans>
            <span className="font-medium">Request pending</span>: you asked to join on{' '}
            <time dateTime={team.my_request.created_at}>{asked}</time>; a leader of the team will decide.
          </Trans>
        </p>
      ) : (
        <Button
          className="self-start"
          disabled={join.isPending}
          onClick={() =>
            join.mutate(undefined, {
              onSuccess: (outcome) =>
                setNotice(outcome === 'requested' ? t`Request sent: a leader will decide.` : t`Welcome to the team!`),
            })
          }
        >
          {team.join_policy === 'request' ? <Trans>Request to join</Trans> : <Trans>Join team</Trans>}
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
