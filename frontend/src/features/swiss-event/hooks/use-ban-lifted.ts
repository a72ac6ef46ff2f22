import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { swissKeys } from '@/lib/swiss/swiss-keys';
import { useUserSocket } from '@/lib/user-socket';

/**
 * A leader lifted the viewer's no-show ban in this event's team (`ban_lifted` on `/ws/me/`):
 * the viewer's entry and the event are read again, so that joining or rejoining is offered
 * afresh. Returns how many lifts were seen while the page was open (0: none), for the panel's
 * notice and to reset the join and rejoin errors that showed the ban. `enabled`: only while the
 * viewer might want to join or rejoin (signed in, not playing, event open).
 */
export const useBanLifted = ({ tournamentId, team, enabled }: { tournamentId: number; team: string; enabled: boolean }) => {
  const queryClient = useQueryClient();
  const [lifts, setLifts] = useState(0);
  useUserSocket((message) => {
    if (message.event !== 'ban_lifted' || message.payload.team !== team) return;
    setLifts((count) => count + 1);
    void queryClient.invalidateQueries({ queryKey: swissKeys.detail(tournamentId) });
    void queryClient.invalidateQueries({ queryKey: swissKeys.entries(tournamentId) });
  }, enabled);
  return lifts;
};
