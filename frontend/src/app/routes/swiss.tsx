import { useParams } from 'wouter';

import { NotFoundRoute } from '@/app/routes/not-found';
import { useMe } from '@/lib/auth';
import { useTeam } from '@/features/teams/api/get-team';
import { useTeams } from '@/features/teams/api/get-teams';
import { BroadcastFeeds } from '@/features/otb-games/components/broadcast-feeds';
import { RoundPgnUpload } from '@/features/otb-games/components/round-pgn-upload';
import { useTournament } from '@/lib/swiss/get-tournament';
import { ArbiterPanel } from '@/features/swiss-arbiter/components/arbiter-panel';
import { SwissPage } from '@/features/swiss-event/components/swiss-page';
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
  // A co-hosted event: members of any accepted co-host may join too.
  const cohosts = (tournament.data?.cohosts ?? []).filter((cohost) => cohost.status === 'accepted').map((cohost) => cohost.team);
  const myTeams = useTeams({ mine: true }, Boolean(username) && cohosts.length > 0);
  usePageTitle(tournament.data?.name);
  if (tournament.error instanceof ApiError && tournament.error.status === 404) return <NotFoundRoute />;
  const inCohost = (myTeams.data?.results ?? []).some((mine) => cohosts.includes(mine.slug));
  const isTeamMember = team.data ? team.data.my_role !== null || inCohost : undefined;
  const event = tournament.data;
  // Over the board, the leaders enter a round's games from its PGN file (any round played so far).
  const upload =
    event?.mode === 'otb' && event.status !== 'cancelled' && event.current_round > 0 ? (
      <RoundPgnUpload tournamentId={tournamentId} currentRound={event.current_round} />
    ) : null;
  // The host's leaders read hidden standings; a visitor leads nothing, a member once the team is read.
  const isLeader = username === null ? false : team.data ? team.data.my_role === 'leader' : undefined;
  const arbiter = isLeader ? <ArbiterPanel tournamentId={tournamentId}>{upload}</ArbiterPanel> : null;
  // The PGN feeds a broadcast polls, from the current round's (round 1's before the start).
  const broadcast =
    event && event.status !== 'cancelled' ? <BroadcastFeeds tournamentId={tournamentId} round={Math.max(event.current_round, 1)} /> : null;
  return (
    <SwissPage
      tournamentId={tournamentId}
      username={username}
      isTeamMember={isTeamMember}
      isLeader={isLeader}
      arbiter={arbiter}
      besidePairings={broadcast}
    />
  );
};
