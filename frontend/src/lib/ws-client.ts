import ReconnectingWebSocket from 'partysocket/ws';

import type { components } from '@/lib/api-types';

export type LiveMessage = { event: string; payload: unknown };

type Schemas = components['schemas'];
/** Each socket's messages, generated from the OpenAPI schema (`api/socket_schema.py` of each app;
 * docs/live.md): the server is trusted to send these shapes, as REST answers are trusted. */
export type SwissSocketMessage = Schemas['SwissSocketMessage'];
export type UserSocketMessage = Schemas['UserSocketMessage'];
export type GameSocketMessage = Schemas['GameSocketMessage'];
export type TeamSwissSocketMessage = Schemas['TeamSwissSocketMessage'];

export type LiveConnection = { close: () => void };

export type LiveHandlers<M = LiveMessage> = {
  onMessage: (message: M) => void;
  /** `reconnected` is true from the second open on: the caller may have missed events. */
  onOpen?: (reconnected: boolean) => void;
  onClose?: () => void;
};

/** Same origin as the page: the session cookie authenticates the socket. */
export const liveUrl = (path: string): string => {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${path}`;
};

export const parseLiveMessage = (raw: unknown): LiveMessage | null => {
  if (typeof raw !== 'string') return null;
  try {
    const data = JSON.parse(raw) as Partial<LiveMessage>;
    return typeof data.event === 'string' ? { event: data.event, payload: data.payload } : null;
  } catch {
    return null;
  }
};

/** One reconnecting socket (exponential backoff from 0.5 s to 10 s, with jitter); `path` is
 * asked again at each reconnect. */
export const connectLive = <M extends { event: string } = LiveMessage>(path: () => string, handlers: LiveHandlers<M>): LiveConnection => {
  const socket = new ReconnectingWebSocket(() => liveUrl(path()), [], {
    minReconnectionDelay: 500 + Math.random() * 500,
    maxReconnectionDelay: 10_000,
    reconnectionDelayGrowFactor: 1.6,
    connectionTimeout: 5_000,
  });
  let opened = 0;
  socket.addEventListener('open', () => {
    handlers.onOpen?.(opened > 0);
    opened += 1;
  });
  socket.addEventListener('close', () => handlers.onClose?.());
  socket.addEventListener('message', (event) => {
    const message = parseLiveMessage(event.data);
    if (message) handlers.onMessage(message as unknown as M);
  });
  return { close: () => socket.close() };
};

/** The signed-in user's own socket. */
export const connectMe = (handlers: LiveHandlers<UserSocketMessage>) => connectLive(() => '/ws/me/', handlers);

export const connectGame = (id: number, handlers: LiveHandlers<GameSocketMessage>) => connectLive(() => `/ws/games/${id}/`, handlers);
