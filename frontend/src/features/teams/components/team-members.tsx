import { QueryBoundary } from '@/components/ui/query-boundary';
import { useTeamMembers } from '@/features/teams/api/get-team-members';

export const TeamMembers = ({ slug }: { slug: string }) => {
  const members = useTeamMembers(slug);
  return (
    <section aria-labelledby="team-members" className="flex flex-col gap-2">
      <h2 id="team-members" className="text-lg font-semibold">
        Members
      </h2>
      <QueryBoundary
        query={members}
        loadingLabel="Loading members…"
        isEmpty={(page) => page.results.length === 0}
        empty="Nobody is in this team yet."
      >
        {(page) => (
          <ul className="flex flex-wrap gap-2">
            {page.results.map((member) => (
              <li
                key={member.username}
                className="rounded-full bg-slate-100 px-3 py-1 text-sm dark:bg-slate-800"
              >
                {member.username}
                {member.role === 'leader' && <span className="text-slate-500 dark:text-slate-400"> (leader)</span>}
              </li>
            ))}
            {page.count > page.results.length && (
              <li className="px-3 py-1 text-sm text-slate-500">and {page.count - page.results.length} more</li>
            )}
          </ul>
        )}
      </QueryBoundary>
    </section>
  );
};
