import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { applyLiveEvent, asLiveEvent } from '@/features/tournaments/api/apply-live-event';
import { swissKeys } from '@/features/tournaments/api/swiss-keys';
import { useLiveSocket, type LiveStatus } from '@/hooks/use-live-socket';
import { connectSwiss, type LiveHandlers, type SwissSocketMessage } from '@/lib/ws-client';

export type { LiveStatus };

/** One socket per open event page; pushes update the cache, a reconnect refetches the event. */
export const useSwissLive = (id: number): LiveStatus => {
  const queryClient = useQueryClient();
  // One frame per live push: at a thousand watchers the server's cost is per frame.
  const connect = useCallback((handlers: LiveHandlers<SwissSocketMessage>) => connectSwiss(id, handlers), [id]);
  const onMessage = useCallback(
    (message: SwissSocketMessage) => {
      const event = asLiveEvent(message);
      if (event) applyLiveEvent(queryClient, id, event);
    },
    [id, queryClient],
  );
  const onReconnect = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: swissKeys.event(id) }),
    [id, queryClient],
  );
  return useLiveSocket(connect, onMessage, onReconnect);
};
