import type { QueryClient } from '@tanstack/react-query';

import { roundQueryOptions, roundsQueryOptions } from '@/lib/swiss/get-rounds';
import { standingsPageQueryOptions } from '@/lib/swiss/get-standings';
import { tournamentQueryOptions } from '@/lib/swiss/get-tournament';
import type { Tournament } from '@/lib/swiss/types';

/**
 * Starts the event page's first reads without waiting for them (or for the page's code): the
 * event, the first standings page, the rounds, and as soon as the event is known its current
 * round. Resolves with the event (null when it could not be read) for reads that depend on it.
 */
export const prefetchSwissEvent = (queryClient: QueryClient, id: number): Promise<Tournament | null> => {
  void queryClient.prefetchQuery(standingsPageQueryOptions(id, 1));
  void queryClient.prefetchQuery(roundsQueryOptions(id));
  return queryClient.fetchQuery(tournamentQueryOptions(id)).then(
    (tournament) => {
      if (tournament.current_round > 0) void queryClient.prefetchQuery(roundQueryOptions(id, tournament.current_round));
      return tournament;
    },
    () => null,
  );
};
