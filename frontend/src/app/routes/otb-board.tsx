import { useParams } from 'wouter';

import { NotFoundRoute } from '@/app/routes/not-found';
import { OtbGamePage } from '@/features/otb-games/components/otb-game-page';
import { useTeam } from '@/features/teams/api/get-team';
import { useTournament } from '@/lib/swiss/get-tournament';
import { useMe } from '@/lib/auth';

const WHOLE_NUMBER = /^\d+$/;

/** /swiss/:id/board/:pairingId, an over-the-board board's game. Who may enter it is decided as on
 * the event page: the hosting team's leaders (the event's arbiters) and the board's players. */
export const OtbBoardRoute = () => {
  const { id = '', pairingId = '' } = useParams();
  if (!WHOLE_NUMBER.test(id) || !WHOLE_NUMBER.test(pairingId)) return <NotFoundRoute />;
  return <OtbBoard tournamentId={Number(id)} pairingId={Number(pairingId)} />;
};

const OtbBoard = ({ tournamentId, pairingId }: { tournamentId: number; pairingId: number }) => {
  const me = useMe();
  const tournament = useTournament(tournamentId);
  const username = me.data?.username ?? null;
  const team = useTeam(username ? tournament.data?.team : undefined);
  return (
    <OtbGamePage
      tournamentId={tournamentId}
      pairingId={pairingId}
      event={tournament.data}
      username={username}
      isLeader={team.data?.my_role === 'leader'}
    />
  );
};
