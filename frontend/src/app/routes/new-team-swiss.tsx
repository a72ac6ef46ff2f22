import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useSearchParams } from 'wouter';

import { useTeam } from '@/features/teams/api/get-team';
import { TeamSwissCreateForm } from '@/features/team-swiss-form/components/team-swiss-create-form';
import { TeamSwissImportForm } from '@/features/team-swiss-form/components/team-swiss-import-form';
import { usePageTitle } from '@/hooks/use-page-title';

export const NewTeamSwissRoute = () => {
  const [params] = useSearchParams();
  const slug = params.get('team') ?? '';
  const [, navigate] = useLocation();
  const team = useTeam(slug || undefined);
  const { t } = useLingui();
  usePageTitle(t`New team Swiss`);
  const teamName = team.data?.name;
  const open = (event: { id: number }) => navigate(`/team-swiss/${event.id}`);
  if (!slug)
    return (
      <p role="alert">
        <Trans>
          A team Swiss is created from its host team&apos;s page: open one of{' '}
          <Link to="/teams" className="underline">
            your teams
          </Link>
          .
        </Trans>
      </p>
    );
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold break-words">
        {teamName ? <Trans>New team Swiss for {teamName}</Trans> : <Trans>New team Swiss</Trans>}
      </h1>
      {team.data && team.data.my_role !== 'leader' && (
        <p role="alert">
          <Trans>Only the team’s leaders create events.</Trans>
        </p>
      )}
      <TeamSwissCreateForm team={slug} onSaved={open} />
      <section className="flex max-w-3xl flex-col gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
        <h2 className="text-lg font-semibold">
          <Trans>Or import one</Trans>
        </h2>
        <TeamSwissImportForm team={slug} onImported={open} />
      </section>
    </div>
  );
};
