import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';

import { writeResults } from '@/lib/swiss/cache-writes';
import { swissPingPage } from '@/features/swiss-event/api/version-pings';
import { useLiveSocket, type LiveStatus } from '@/hooks/use-live-socket';
import { connectSwiss } from '@/lib/version-pings';
import type { LiveHandlers, SwissSocketMessage } from '@/lib/ws-client';

export type { LiveStatus };

const reconnected = () => {};
const NO_SOCKET = { close: () => {} };

/**
 * One socket per open event page, in version pings (docs/live.md): a `reload` reads the event's
 * pages again after a random wait (at once for `username` waiting to be paired), a board's result
 * is written in place, and a reconnect asks for what it missed (`since=`). `enabled`: once the
 * event has loaded (a missing event's socket would only be refused, 403); its `hello` then says
 * whether anything changed since the pages were read.
 */
export const useSwissLive = (id: number, username: string | null = null, enabled = true): LiveStatus => {
  const queryClient = useQueryClient();
  // Read at each ping: the session arriving after the socket opened does not reopen it.
  const viewer = useRef(username);
  useEffect(() => {
    viewer.current = username;
  }, [username]);
  const connect = useCallback(
    (handlers: LiveHandlers<SwissSocketMessage>) =>
      enabled ? connectSwiss(id, handlers, swissPingPage(queryClient, id, () => viewer.current)) : NO_SOCKET,
    [enabled, id, queryClient],
  );
  const onMessage = useCallback(
    (message: SwissSocketMessage) => {
      if (message.event === 'game_result') writeResults(queryClient, id, message.payload.results);
    },
    [id, queryClient],
  );
  // `since=` on reconnect: the server replays what was missed, or says `resync`.
  return useLiveSocket(connect, onMessage, reconnected);
};
