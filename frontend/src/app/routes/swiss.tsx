import { useParams } from 'react-router';

import { NotFoundRoute } from '@/app/routes/not-found';
import { useMe } from '@/lib/auth';
import { useTeam } from '@/features/teams/api/get-team';
import { useTournament } from '@/features/tournaments/api/get-tournament';
import { ArbiterPanel } from '@/features/tournaments/components/arbiter/arbiter-panel';
import { SwissPage } from '@/features/tournaments/components/swiss-page';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-error';

export const SwissRoute = () => {
  const { id = '' } = useParams();
  const tournamentId = /^\d+$/.test(id) ? Number(id) : null;
  return tournamentId === null ? <NotFoundRoute /> : <SwissEvent tournamentId={tournamentId} />;
};

const SwissEvent = ({ tournamentId }: { tournamentId: number }) => {
  const me = useMe();
  const tournament = useTournament(tournamentId);
  const username = me.isPending ? undefined : (me.data?.username ?? null);
  // Membership of the hosting team decides whether the Join button makes sense.
  const team = useTeam(username ? tournament.data?.team : undefined);
  usePageTitle(tournament.data?.name);
  if (tournament.error instanceof ApiError && tournament.error.status === 404) return <NotFoundRoute />;
  const isTeamMember = team.data ? team.data.my_role !== null : undefined;
  const arbiter = team.data?.my_role === 'leader' ? <ArbiterPanel tournamentId={tournamentId} /> : null;
  return <SwissPage tournamentId={tournamentId} username={username} isTeamMember={isTeamMember} arbiter={arbiter} />;
};
