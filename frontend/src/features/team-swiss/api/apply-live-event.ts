import type { QueryClient } from '@tanstack/react-query';

import { writeEventSummary, writeMatch, writeRound, writeStandings, writeSubmitted } from '@/features/team-swiss/api/cache-writes';
import { teamSwissKeys } from '@/features/team-swiss/api/team-swiss-keys';
import type { LiveEvent } from '@/features/team-swiss/types/team-swiss';

const KNOWN = new Set<LiveEvent['type']>(['round_paired', 'lineup_submitted', 'round_start', 'board_result', 'standings_update', 'event_end']);

/** A socket frame as `{type, data}` (docs/team-swiss.md); the app's client hands it over as `{event, payload}`. */
export const asLiveEvent = (message: { event: string; payload: unknown }): LiveEvent | null => {
  const { event: type, payload: data } = message;
  return typeof type === 'string' && KNOWN.has(type as LiveEvent['type']) && data && typeof data === 'object' ? ({ type, data } as LiveEvent) : null;
};

/**
 * Applies one push of `/ws/team-swiss/{id}/` to the cached queries in place (setQueryData).
 * Read again only what no push carries: the crosstable and the board scores after a result.
 */
export const applyLiveEvent = (queryClient: QueryClient, id: number, event: LiveEvent): void => {
  switch (event.type) {
    case 'round_paired':
    case 'round_start':
      writeRound(queryClient, id, event.data);
      return;
    case 'lineup_submitted':
      writeSubmitted(queryClient, id, event.data.round, event.data.tpn);
      return;
    case 'board_result':
      writeMatch(queryClient, id, event.data);
      return;
    case 'standings_update':
      writeStandings(queryClient, id, event.data);
      void queryClient.invalidateQueries({ queryKey: teamSwissKeys.crosstable(id) });
      void queryClient.invalidateQueries({ queryKey: teamSwissKeys.boardScores(id) });
      return;
    case 'event_end':
      writeEventSummary(queryClient, event.data.event);
      writeStandings(queryClient, id, event.data);
      return;
  }
};
