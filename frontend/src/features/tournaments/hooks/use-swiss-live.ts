import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { applyLiveEvent, asLiveEvent } from '@/features/tournaments/api/apply-live-event';
import { swissKeys } from '@/features/tournaments/api/swiss-keys';
import { connectSwiss } from '@/lib/ws-client';

export type LiveStatus = 'connecting' | 'open' | 'reconnecting';

/** One socket per open event page; pushes update the cache, a reconnect refetches the event. */
export const useSwissLive = (id: number): LiveStatus => {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  useEffect(() => {
    // One frame per live push: at a thousand watchers the server's cost is per frame.
    const connection = connectSwiss(id, {
      onOpen: (reconnected) => {
        setStatus('open');
        if (reconnected) void queryClient.invalidateQueries({ queryKey: swissKeys.event(id) });
      },
      onClose: () => setStatus('reconnecting'),
      onMessage: (message) => {
        const event = asLiveEvent(message);
        if (event) applyLiveEvent(queryClient, id, event);
      },
    });
    return () => connection.close();
  }, [id, queryClient]);
  return status;
};
