import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';

import { QueryBoundary } from '@/components/ui/query-boundary';
import { useTeams } from '@/features/teams/api/get-teams';

export const TeamList = () => {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const teams = useTeams({ search: search.trim() });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <label htmlFor="team-search" className="text-sm font-medium">
          <Trans>Search teams</Trans>
        </label>
        <input
          id="team-search"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="max-w-sm rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900"
        />
      </div>
      <QueryBoundary
        query={teams}
        loadingLabel={t`Loading teams…`}
        isEmpty={(page) => page.results.length === 0}
        empty={search ? t`No team matches that name.` : t`No teams yet.`}
      >
        {(page) => (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
            {page.results.map((team) => {
              const count = team.member_count;
              return (
                <li key={team.id} className="flex flex-wrap items-baseline justify-between gap-2 p-3">
                  <Link to={`/teams/${team.slug}`} className="font-medium text-emerald-800 underline-offset-2 hover:underline dark:text-emerald-400">
                    {team.name}
                  </Link>
                  <span className="text-sm text-slate-500 dark:text-slate-400">
                    {team.join_policy === 'request'
                      ? t`${plural(count, { one: '# member · by request', other: '# members · by request' })}`
                      : t`${plural(count, { one: '# member', other: '# members' })}`}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </QueryBoundary>
    </div>
  );
};
