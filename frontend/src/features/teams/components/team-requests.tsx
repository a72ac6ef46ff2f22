import { Trans, useLingui } from '@lingui/react/macro';

import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { QueryBoundary } from '@/components/ui/query-boundary';
import { decideJoinRequest, useJoinRequests, useTeamAdmin } from '@/features/teams/api/team-admin';
import { errorMessage } from '@/lib/api-error';

/** Pending join requests, for the team's leaders: approve or deny each. */
export const TeamRequests = ({ slug }: { slug: string }) => {
  const { t } = useLingui();
  const requests = useJoinRequests(slug, true);
  const decide = useTeamAdmin(slug, ({ id, decision }: { id: number; decision: 'approve' | 'refuse' }) => decideJoinRequest(slug, id, decision));
  return (
    <section aria-labelledby="team-requests" className="flex flex-col gap-2">
      <h2 id="team-requests" className="text-lg font-semibold">
        <Trans>Join requests</Trans>
      </h2>
      <QueryBoundary
        query={requests}
        loadingLabel={t`Loading requests…`}
        isEmpty={(page) => page.results.length === 0}
        empty={t`No pending requests.`}
      >
        {(page) => (
          <ul className="flex flex-col gap-1">
            {page.results.map((request) => {
              const { username, message } = request;
              return (
                <li key={request.id} className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-medium">{username}</span>
                  {message && (
                    <span className="text-slate-500">
                      <Trans comment="The message a user wrote with their request to join, in quotation marks.">“{message}”</Trans>
                    </span>
                  )}
                  <Button
                    aria-label={t`Approve ${username}`}
                    disabled={decide.isPending}
                    onClick={() => decide.mutate({ id: request.id, decision: 'approve' })}
                  >
                    <Trans comment="Approve a request to join the team.">Approve</Trans>
                  </Button>
                  <Button
                    variant="secondary"
                    aria-label={t`Deny ${username}`}
                    disabled={decide.isPending}
                    onClick={() => decide.mutate({ id: request.id, decision: 'refuse' })}
                  >
                    <Trans comment="Deny a request to join the team.">Deny</Trans>
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </QueryBoundary>
      <FormError message={decide.error ? errorMessage(decide.error) : null} />
    </section>
  );
};
