import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

import { QueryBoundary } from '@/components/ui/query-boundary';
import { useTeamMembers } from '@/features/teams/api/get-team-members';

export const TeamMembers = ({ slug }: { slug: string }) => {
  const { t } = useLingui();
  const members = useTeamMembers(slug);
  return (
    <section aria-labelledby="team-members" className="flex flex-col gap-2">
      <h2 id="team-members" className="text-lg font-semibold">
        <Trans>Members</Trans>
      </h2>
      <QueryBoundary
        query={members}
        loadingLabel={t`Loading members…`}
        isEmpty={(page) => page.results.length === 0}
        empty={t`Nobody is in this team yet.`}
      >
        {(page) => {
          const more = page.count - page.results.length;
          return (
            <ul className="flex flex-wrap gap-2">
              {page.results.map((member) => (
                <li
                  key={member.username}
                  className="rounded-full bg-slate-100 px-3 py-1 text-sm dark:bg-slate-800"
                >
                  {member.username}
                  {member.role === 'leader' && (
                    <span className="text-slate-500 dark:text-slate-400">
                      {' '}
                      <Trans comment="After a member's name: they lead the team.">(leader)</Trans>
                    </span>
                  )}
                </li>
              ))}
              {more > 0 && (
                <li className="px-3 py-1 text-sm text-slate-500">
                  {t({
                    message: plural(more, { one: 'and # more', other: 'and # more' }),
                    comment: 'Ends a list of team members: how many more there are.',
                  })}
                </li>
              )}
            </ul>
          );
        }}
      </QueryBoundary>
    </section>
  );
};
