import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { applyLiveEvent, asLiveEvent } from '@/features/team-swiss/api/apply-live-event';
import { teamSwissKeys } from '@/features/team-swiss/api/team-swiss-keys';
import { useLiveSocket, type LiveStatus } from '@/hooks/use-live-socket';
import { connectTeamSwiss, type LiveHandlers, type TeamSwissSocketMessage } from '@/lib/ws-client';

export type { LiveStatus };

/** One socket per open event page: pushes update the cache in place, a reconnect refetches the event. */
export const useTeamSwissLive = (id: number): LiveStatus => {
  const queryClient = useQueryClient();
  const connect = useCallback(
    (handlers: LiveHandlers<TeamSwissSocketMessage>) => connectTeamSwiss(id, handlers),
    [id],
  );
  const onMessage = useCallback(
    (message: TeamSwissSocketMessage) => {
      const event = asLiveEvent(message);
      if (event) applyLiveEvent(queryClient, id, event);
    },
    [id, queryClient],
  );
  const onReconnect = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: teamSwissKeys.event(id) }),
    [id, queryClient],
  );
  return useLiveSocket(connect, onMessage, onReconnect);
};
