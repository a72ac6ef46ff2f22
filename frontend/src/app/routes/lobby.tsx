import { Trans } from '@lingui/react/macro';

import { useMe } from '@/lib/auth';
import { useTeams } from '@/features/teams/api/get-teams';
import { SwissLobby } from '@/features/swiss-event/components/swiss-lobby';
import { usePageTitle } from '@/hooks/use-page-title';

export const LobbyRoute = () => {
  usePageTitle(undefined);
  const me = useMe();
  const myTeams = useTeams({ mine: true }, Boolean(me.data));
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">
        <Trans>Swiss events</Trans>
      </h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        <Trans>Individual and team Swiss events of every club: open one to see how to take part.</Trans>
      </p>
      <SwissLobby myTeams={myTeams.data?.results.map((team) => team.slug) ?? []} withTeamEvents />
    </div>
  );
};
