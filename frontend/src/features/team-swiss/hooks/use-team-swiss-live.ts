import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';

import { applyLiveEvent } from '@/features/team-swiss/api/apply-live-event';
import { teamSwissPingPage } from '@/features/team-swiss/api/version-pings';
import { useLiveSocket, type LiveStatus } from '@/hooks/use-live-socket';
import { connectTeamSwiss } from '@/lib/version-pings';
import type { LiveHandlers, TeamSwissSocketMessage } from '@/lib/ws-client';

export type { LiveStatus };

const reconnected = () => {};

/**
 * One socket per open event page, in version pings (docs/live.md): a `reload` reads the event's
 * pages again after a random wait (at once for `username` waiting for the round), a board's
 * result is written in place, and a reconnect asks for what it missed (`since=`).
 */
export const useTeamSwissLive = (id: number, username: string | null = null): LiveStatus => {
  const queryClient = useQueryClient();
  // Read at each ping: the session arriving after the socket opened does not reopen it.
  const viewer = useRef(username);
  useEffect(() => {
    viewer.current = username;
  }, [username]);
  const connect = useCallback(
    (handlers: LiveHandlers<TeamSwissSocketMessage>) => connectTeamSwiss(id, handlers, teamSwissPingPage(queryClient, id, () => viewer.current)),
    [id, queryClient],
  );
  const onMessage = useCallback(
    (message: TeamSwissSocketMessage) => {
      if (message.event !== 'error') applyLiveEvent(queryClient, id, message);
    },
    [id, queryClient],
  );
  // `since=` on reconnect: the server replays what was missed, or says `resync`.
  return useLiveSocket(connect, onMessage, reconnected);
};
