import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { QueryBoundary } from '@/components/ui/query-boundary';
import { useTeamMembers } from '@/features/teams/api/get-team-members';
import { changeRole, removeMember, useTeamAdmin } from '@/features/teams/api/team-admin';
import { errorMessage } from '@/lib/api-error';

type RosterChange = { username: string; change: 'promote' | 'demote' | 'remove' };

/** The members with a leader's controls: promote, demote, remove. */
export const TeamRoster = ({ slug }: { slug: string }) => {
  const members = useTeamMembers(slug);
  const act = useTeamAdmin(slug, ({ username, change }: RosterChange) =>
    change === 'remove' ? removeMember(slug, username) : changeRole(slug, username, change),
  );
  return (
    <section aria-labelledby="team-roster" className="flex flex-col gap-2">
      <h2 id="team-roster" className="text-lg font-semibold">
        Manage members
      </h2>
      <QueryBoundary query={members} loadingLabel="Loading members…">
        {(page) => (
          <table className="text-sm">
            <tbody>
              {page.results.map((member) => (
                <tr key={member.username} className="border-b border-slate-200 dark:border-slate-700">
                  <td className="py-1 pr-3 font-medium">{member.username}</td>
                  <td className="pr-3">{member.role}</td>
                  <td className="flex gap-1 py-1">
                    {member.role === 'member' ? (
                      <Button variant="secondary" aria-label={`Promote ${member.username}`} onClick={() => act.mutate({ username: member.username, change: 'promote' })}>
                        Promote
                      </Button>
                    ) : (
                      <Button variant="secondary" aria-label={`Demote ${member.username}`} onClick={() => act.mutate({ username: member.username, change: 'demote' })}>
                        Demote
                      </Button>
                    )}
                    <Button variant="danger" aria-label={`Remove ${member.username}`} onClick={() => act.mutate({ username: member.username, change: 'remove' })}>
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryBoundary>
      <FormError message={act.error ? errorMessage(act.error) : null} />
    </section>
  );
};
