import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { QueryBoundary } from '@/components/ui/query-boundary';
import { useTeamMembers } from '@/features/teams/api/get-team-members';
import { changeRole, removeMember, useTeamAdmin } from '@/features/teams/api/team-admin';
import { errorMessage } from '@/lib/api-error';

type RosterChange = { username: string; change: 'promote' | 'demote' | 'remove' };

const ROLE_LABELS = {
  leader: msg({ message: 'leader', comment: "A team member's role." }),
  member: msg({ message: 'member', comment: "A team member's role." }),
};

/** The members with a leader's controls: promote, demote, remove. */
export const TeamRoster = ({ slug }: { slug: string }) => {
  const { t } = useLingui();
  const members = useTeamMembers(slug);
  const act = useTeamAdmin(slug, ({ username, change }: RosterChange) =>
    change === 'remove' ? removeMember(slug, username) : changeRole(slug, username, change),
  );
  return (
    <section aria-labelledby="team-roster" className="flex flex-col gap-2">
      <h2 id="team-roster" className="text-lg font-semibold">
        <Trans>Manage members</Trans>
      </h2>
      <QueryBoundary query={members} loadingLabel={t`Loading members…`}>
        {(page) => (
          <table className="text-sm">
            <tbody>
              {page.results.map((member) => {
                const username = member.username;
                return (
                  <tr key={username} className="border-b border-slate-200 dark:border-slate-700">
                    <td className="py-1 pe-3 font-medium">{username}</td>
                    <td className="pe-3">{t(ROLE_LABELS[member.role])}</td>
                    <td className="flex gap-1 py-1">
                      {member.role === 'member' ? (
                        <Button variant="secondary" aria-label={t`Promote ${username}`} onClick={() => act.mutate({ username, change: 'promote' })}>
                          <Trans comment="Make a team member a leader.">Promote</Trans>
                        </Button>
                      ) : (
                        <Button variant="secondary" aria-label={t`Demote ${username}`} onClick={() => act.mutate({ username, change: 'demote' })}>
                          <Trans comment="Make a team leader a plain member.">Demote</Trans>
                        </Button>
                      )}
                      <Button variant="danger" aria-label={t`Remove ${username}`} onClick={() => act.mutate({ username, change: 'remove' })}>
                        <Trans comment="Remove a member from the team.">Remove</Trans>
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </QueryBoundary>
      <FormError message={act.error ? errorMessage(act.error) : null} />
    </section>
  );
};
