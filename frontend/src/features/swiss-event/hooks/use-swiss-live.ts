import { writeResults } from '@/lib/swiss/cache-writes';
import { swissPingPage } from '@/features/swiss-event/api/version-pings';
import type { LiveStatus } from '@/hooks/use-live-socket';
import { useEventLive, type EventLive } from '@/lib/use-event-live';
import { connectSwiss } from '@/lib/version-pings';
import type { SwissSocketMessage } from '@/lib/ws-client';

export type { LiveStatus };

const swissLive: EventLive<SwissSocketMessage> = {
  open: (queryClient, id, handlers, viewer) => connectSwiss(id, handlers, swissPingPage(queryClient, id, viewer)),
  apply: (queryClient, id, message) => {
    if (message.event === 'game_result') writeResults(queryClient, id, message.payload.results);
  },
};

/**
 * The event page's socket, in version pings (docs/live.md; `useEventLive`): a `reload` waits
 * at random, at once for `username` waiting to be paired. `enabled`: once the event has loaded
 * (a missing event's socket would only be refused, 403); its `hello` then says whether anything
 * changed since the pages were read.
 */
export const useSwissLive = (id: number, username: string | null = null, enabled = true): LiveStatus => useEventLive(swissLive, id, username, enabled);
