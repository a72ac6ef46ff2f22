import { Trans, useLingui } from '@lingui/react/macro';

import { useMe } from '@/lib/auth';
import { TeamCreateForm } from '@/features/teams/components/team-create-form';
import { TeamList } from '@/features/teams/components/team-list';
import { usePageTitle } from '@/hooks/use-page-title';

export const TeamsRoute = () => {
  const { t } = useLingui();
  usePageTitle(t`Teams`);
  const me = useMe();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">
        <Trans>Teams</Trans>
      </h1>
      {me.data && (
        <details className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
          <summary className="cursor-pointer font-medium">
            <Trans>Create a team</Trans>
          </summary>
          <TeamCreateForm />
        </details>
      )}
      <TeamList />
    </div>
  );
};
