import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';

import { useLiveSocket, type LiveStatus } from '@/hooks/use-live-socket';
import type { LiveConnection, LiveHandlers } from '@/lib/ws-client';

/** What one kind of event's page does with its socket. Module-level functions: the socket
 * opens once per page, not once per render. */
export type EventLive<M> = {
  /** Opens the event's socket in version pings; `viewer()` is the signed-in user at each ping. */
  open: (queryClient: QueryClient, id: number, handlers: LiveHandlers<M>, viewer: () => string | null) => LiveConnection;
  /** A message besides the pings (a board's result): written into the cache in place. */
  apply: (queryClient: QueryClient, id: number, message: M) => void;
};

const reconnected = () => {};
const NO_SOCKET = { close: () => {} };

/**
 * One socket per open event page, in version pings (docs/live.md): a `reload` reads the event's
 * pages again after a random wait (at once for `username` waiting for the next round), a board's
 * result is written in place, and a reconnect asks for what it missed (`since=`: the server
 * replays it, or says `resync`). `enabled`: false opens no socket.
 */
export const useEventLive = <M>({ open, apply }: EventLive<M>, id: number, username: string | null, enabled = true): LiveStatus => {
  const queryClient = useQueryClient();
  // Read at each ping: the session arriving after the socket opened does not reopen it.
  const viewer = useRef(username);
  useEffect(() => {
    viewer.current = username;
  }, [username]);
  const connect = useCallback(
    (handlers: LiveHandlers<M>) => (enabled ? open(queryClient, id, handlers, () => viewer.current) : NO_SOCKET),
    [enabled, id, open, queryClient],
  );
  const onMessage = useCallback((message: M) => apply(queryClient, id, message), [apply, id, queryClient]);
  return useLiveSocket(connect, onMessage, reconnected);
};
