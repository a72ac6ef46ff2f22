import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { applyLiveEvent, asLiveEvent } from '@/features/team-swiss/api/apply-live-event';
import { teamSwissKeys } from '@/features/team-swiss/api/team-swiss-keys';
import { connectTeamSwiss } from '@/lib/ws-client';

export type LiveStatus = 'connecting' | 'open' | 'reconnecting';

/** One socket per open event page: pushes update the cache in place, a reconnect refetches the event. */
export const useTeamSwissLive = (id: number): LiveStatus => {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  useEffect(() => {
    const connection = connectTeamSwiss(id, {
      onOpen: (reconnected) => {
        setStatus('open');
        if (reconnected) void queryClient.invalidateQueries({ queryKey: teamSwissKeys.event(id) });
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
