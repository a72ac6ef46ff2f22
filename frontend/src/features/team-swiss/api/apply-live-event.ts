import type { QueryClient } from '@tanstack/react-query';

import { writeEventSummary, writeMatch, writePairedRound, writeRound, writeStandings, writeSubmitted } from '@/features/team-swiss/api/cache-writes';
import { teamSwissKeys } from '@/features/team-swiss/api/team-swiss-keys';
import type { LiveEvent, TeamSwissEvent } from '@/features/team-swiss/types/team-swiss';

const KNOWN = new Set<LiveEvent['event']>(['hello', 'round_paired', 'lineup_submitted', 'round_start', 'board_result', 'standings_update', 'event_end']);

export const asLiveEvent = (message: { event: string; payload: unknown }): LiveEvent | null =>
  KNOWN.has(message.event as LiveEvent['event']) && message.payload && typeof message.payload === 'object' ? (message as LiveEvent) : null;

/**
 * Applies one push of `/ws/team-swiss/{id}/` to the cached queries in place (setQueryData).
 * Read again only what no push carries: the crosstable and the board scores after a result,
 * and the whole event when `hello` says the cache is behind.
 */
export const applyLiveEvent = (queryClient: QueryClient, id: number, event: LiveEvent): void => {
  switch (event.event) {
    case 'hello': {
      const cached = queryClient.getQueryData<TeamSwissEvent>(teamSwissKeys.detail(id));
      if (cached && (cached.version !== event.payload.version || cached.status !== event.payload.status))
        void queryClient.invalidateQueries({ queryKey: teamSwissKeys.event(id) });
      return;
    }
    case 'round_paired':
      writePairedRound(queryClient, id, event.payload);
      return;
    case 'round_start':
      writeRound(queryClient, id, event.payload);
      return;
    case 'lineup_submitted':
      writeSubmitted(queryClient, id, event.payload.round, event.payload.tpn);
      return;
    case 'board_result':
      writeMatch(queryClient, id, event.payload);
      return;
    case 'standings_update':
      writeStandings(queryClient, id, event.payload);
      void queryClient.invalidateQueries({ queryKey: teamSwissKeys.crosstable(id) });
      void queryClient.invalidateQueries({ queryKey: teamSwissKeys.boardScores(id) });
      return;
    case 'event_end':
      writeEventSummary(queryClient, event.payload.event);
      writeStandings(queryClient, id, event.payload);
      return;
  }
};
