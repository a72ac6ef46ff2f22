import { connectLive, type LiveConnection, type LiveHandlers, type SwissSocketMessage, type TeamSwissSocketMessage } from '@/lib/ws-client';

/*
 * The event sockets' version pings (docs/live.md, "Version pings"), apart from ws-client.ts:
 * every page loads that module (the user's own socket), only the event pages load this one.
 */

/** What an event page does with its socket's version pings (docs/live.md, "Version pings"). */
export type PingPage<Hello> = {
  /** `hello`: whether the cached pages are of another version than the server's. */
  behind: (hello: Hello) => boolean;
  /** The event's players: a reload waits at random up to min(players × 10 ms, 4 s). */
  players: () => number;
  /** The viewer is a player waiting to be paired: reload at once. */
  waiting: () => boolean;
  /** Refetches the event's pages on screen; the oldest version they were served at (null: unknown). */
  reload: () => Promise<number | null>;
  /** Refetches everything of the event, at once. */
  refetchAll: () => void;
};

/**
 * `reload {version}`: the pages are refetched after a random wait (at once for a waiting player);
 * pings during the wait share it. A page served older than pinged (a web process or the proxy's
 * cache still on the previous version, each for at most a second) is read again 0.5 s, 1 s and
 * 2 s later, until it is new enough.
 *
 * The wait's share of the window is drawn once per client, not per ping: the watchers' refetches
 * are as spread as with a fresh draw each time, but a client refetches at the same point after
 * every ping, so what it shows is never more than one ping interval old (a fresh draw could
 * wait nearly a whole window after an early one: an interval plus the window). docs/live.md,
 * "Version pings".
 */
/** The waits before reading a page again that came back older than pinged (docs/live.md). */
const STALE_RETRY_MS = [500, 1_000, 2_000];

export const pingReloader = ({ players, waiting, reload }: Pick<PingPage<unknown>, 'players' | 'waiting' | 'reload'>) => {
  const phase = Math.random();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wanted = 0;
  const run = async (retry: number) => {
    timer = undefined;
    const target = wanted;
    const served = await reload();
    const next = STALE_RETRY_MS[retry];
    if (next !== undefined && served !== null && served < target) timer ??= setTimeout(run, next, retry + 1);
  };
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    ping: (version: number) => {
      wanted = Math.max(wanted, version);
      if (waiting()) {
        cancel();
        void run(0);
      } else timer ??= setTimeout(run, phase * Math.min(players() * 10, 4_000), 0);
    },
    cancel,
  };
};

type Hello<M> = Extract<M, { event: 'hello' }> extends { payload: infer P } ? P : never;

/**
 * An event's socket with `?frames=ping`: `hello`, `reload` and `resync` carry the event's read
 * version and are handled here; the small facts (a board's result) go to `onMessage`. A
 * reconnect sends `&since=` the last version heard: the server replays what was missed, or says
 * `resync`.
 */
const connectPings = <M extends { event: string; payload?: unknown }>(path: string, handlers: LiveHandlers<M>, page: PingPage<Hello<M>>): LiveConnection => {
  let known = -1;
  const reloader = pingReloader(page);
  const connection = connectLive<M>(() => `${path}?frames=ping${known < 0 ? '' : `&since=${known}`}`, {
    ...handlers,
    onMessage: (message) => {
      const { event, payload } = message;
      if (event !== 'hello' && event !== 'reload' && event !== 'resync') return handlers.onMessage(message);
      const { version } = payload as { version: number };
      if (event === 'reload') {
        if (version > known) reloader.ping((known = version));
        return;
      }
      known = version;
      if (event === 'resync' || page.behind(payload as Hello<M>)) {
        reloader.cancel();
        page.refetchAll();
      }
    },
  });
  return {
    close: () => {
      reloader.cancel();
      connection.close();
    },
  };
};

/** An event's socket, in version pings. */
export const connectSwiss = (id: number, handlers: LiveHandlers<SwissSocketMessage>, page: PingPage<Hello<SwissSocketMessage>>) =>
  connectPings(`/ws/tournaments/swiss/${id}/`, handlers, page);

/** A team Swiss event's socket (docs/team-swiss.md), in version pings. */
export const connectTeamSwiss = (id: number, handlers: LiveHandlers<TeamSwissSocketMessage>, page: PingPage<Hello<TeamSwissSocketMessage>>) =>
  connectPings(`/ws/team-swiss/${id}/`, handlers, page);
