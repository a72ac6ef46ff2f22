import { useMe } from '@/lib/auth';
import { TeamCreateForm } from '@/features/teams/components/team-create-form';
import { TeamList } from '@/features/teams/components/team-list';
import { usePageTitle } from '@/hooks/use-page-title';

export const TeamsRoute = () => {
  usePageTitle('Teams');
  const me = useMe();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Teams</h1>
      {me.data && (
        <details className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
          <summary className="cursor-pointer font-medium">Create a team</summary>
          <TeamCreateForm />
        </details>
      )}
      <TeamList />
    </div>
  );
};
