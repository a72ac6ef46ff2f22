import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { QueryBoundary } from '@/components/ui/query-boundary';
import { decideJoinRequest, useJoinRequests, useTeamAdmin } from '@/features/teams/api/team-admin';
import { errorMessage } from '@/lib/api-error';

/** Pending join requests, for the team's leaders: approve or deny each. */
export const TeamRequests = ({ slug }: { slug: string }) => {
  const requests = useJoinRequests(slug, true);
  const decide = useTeamAdmin(slug, ({ id, decision }: { id: number; decision: 'approve' | 'refuse' }) => decideJoinRequest(slug, id, decision));
  return (
    <section aria-labelledby="team-requests" className="flex flex-col gap-2">
      <h2 id="team-requests" className="text-lg font-semibold">
        Join requests
      </h2>
      <QueryBoundary query={requests} loadingLabel="Loading requests…" isEmpty={(page) => page.results.length === 0} empty="No pending requests.">
        {(page) => (
          <ul className="flex flex-col gap-1">
            {page.results.map((request) => (
              <li key={request.id} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-medium">{request.username}</span>
                {request.message && <span className="text-slate-500">“{request.message}”</span>}
                <Button
                  aria-label={`Approve ${request.username}`}
                  disabled={decide.isPending}
                  onClick={() => decide.mutate({ id: request.id, decision: 'approve' })}
                >
                  Approve
                </Button>
                <Button
                  variant="secondary"
                  aria-label={`Deny ${request.username}`}
                  disabled={decide.isPending}
                  onClick={() => decide.mutate({ id: request.id, decision: 'refuse' })}
                >
                  Deny
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryBoundary>
      <FormError message={decide.error ? errorMessage(decide.error) : null} />
    </section>
  );
};
