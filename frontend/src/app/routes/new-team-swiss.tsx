import { Link, useNavigate, useSearchParams } from 'react-router';

import { useTeam } from '@/features/teams/api/get-team';
import { TeamSwissCreateForm } from '@/features/team-swiss-form/components/team-swiss-create-form';
import { TeamSwissImportForm } from '@/features/team-swiss-form/components/team-swiss-import-form';
import { usePageTitle } from '@/hooks/use-page-title';

export const NewTeamSwissRoute = () => {
  const [params] = useSearchParams();
  const slug = params.get('team') ?? '';
  const navigate = useNavigate();
  const team = useTeam(slug || undefined);
  usePageTitle('New team Swiss');
  const open = (event: { id: number }) => void navigate(`/team-swiss/${event.id}`);
  if (!slug)
    return (
      <p role="alert">
        A team Swiss is created from its host team&apos;s page: open one of <Link to="/teams" className="underline">your teams</Link>.
      </p>
    );
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold break-words">New team Swiss{team.data ? ` for ${team.data.name}` : ''}</h1>
      {team.data && team.data.my_role !== 'leader' && <p role="alert">Only the team’s leaders create events.</p>}
      <TeamSwissCreateForm team={slug} onSaved={open} />
      <section className="flex max-w-3xl flex-col gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
        <h2 className="text-lg font-semibold">Or import one</h2>
        <TeamSwissImportForm team={slug} onImported={open} />
      </section>
    </div>
  );
};
