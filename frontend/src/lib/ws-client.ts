import ReconnectingWebSocket from 'partysocket/ws';

export type LiveMessage = { event: string; payload: unknown };

export type LiveConnection = { close: () => void };

export type LiveHandlers = {
  onMessage: (message: LiveMessage) => void;
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

/** One reconnecting socket (exponential backoff from 0.5 s to 10 s, with jitter). */
export const connectLive = (path: string, handlers: LiveHandlers): LiveConnection => {
  const socket = new ReconnectingWebSocket(liveUrl(path), [], {
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
    if (message) handlers.onMessage(message);
  });
  return { close: () => socket.close() };
};
