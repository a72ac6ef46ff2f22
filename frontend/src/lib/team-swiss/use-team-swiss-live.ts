import type { LiveStatus } from '@/hooks/use-live-socket';
import { applyLiveEvent } from '@/lib/team-swiss/apply-live-event';
import { teamSwissPingPage } from '@/lib/team-swiss/version-pings';
import { useEventLive, type EventLive } from '@/lib/use-event-live';
import { connectTeamSwiss } from '@/lib/version-pings';
import type { TeamSwissSocketMessage } from '@/lib/ws-client';

export type { LiveStatus };

const teamSwissLive: EventLive<TeamSwissSocketMessage> = {
  open: (queryClient, id, handlers, viewer) => connectTeamSwiss(id, handlers, teamSwissPingPage(queryClient, id, viewer)),
  apply: (queryClient, id, message) => {
    if (message.event !== 'error') applyLiveEvent(queryClient, id, message);
  },
};

/** The team event page's socket, in version pings (docs/live.md; `useEventLive`): a `reload`
 * waits at random, at once for `username` waiting for the round. */
export const useTeamSwissLive = (id: number, username: string | null = null): LiveStatus => useEventLive(teamSwissLive, id, username);
