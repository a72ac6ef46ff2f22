import type { QueryClient } from '@tanstack/react-query';

import { writeResults, writeRoundStart, writeTournament } from '@/lib/swiss/cache-writes';
import { firstPageWith, isBehind, pageOfFinal, roundDetailOf, roundIsComplete, tournamentWithVersion } from '@/lib/swiss/live-reducers';
import { servedVersion, standingsPageOf, swissKeys } from '@/lib/swiss/swiss-keys';
import type { LiveEvent, RoundDetail, Standing, Tournament } from '@/lib/swiss/types';
import type { LiveMessage } from '@/lib/ws-client';
import type { Page } from '@/lib/page';

const KNOWN = new Set<LiveEvent['event']>([
  'hello',
  'round_start',
  'game_result',
  'standings_update',
  'tournament_end',
  'tournament_update',
  'prizes_update',
]);

export const asLiveEvent = (message: LiveMessage): LiveEvent | null =>
  KNOWN.has(message.event as LiveEvent['event']) && message.payload && typeof message.payload === 'object'
    ? (message as LiveEvent)
    : null;

type Hello = Extract<LiveEvent, { event: 'hello' }>['payload'];

/** `hello`: whether the cached event is of another read version (or round, status, standings)
 * than the server's; nothing cached: the first reads are under way, and nothing is behind. */
export const helloIsAhead = (queryClient: QueryClient, id: number, hello: Hello): boolean => {
  const tournament = queryClient.getQueryData<Tournament>(swissKeys.detail(id));
  const version = servedVersion(queryClient, swissKeys.detail(id));
  return isBehind(tournament, hello) || (tournament !== undefined && version !== null && version !== hello.version);
};

/**
 * Applies one full frame (`?frames=one`, docs/live.md) to the cached queries of event `id` in
 * place (setQueryData). The app's socket is in version pings (`hooks/use-swiss-live.ts`), which
 * use `helloIsAhead` and `writeResults` only; this stays for the full frames' tests.
 */
export const applyLiveEvent = (queryClient: QueryClient, id: number, event: LiveEvent): void => {
  switch (event.event) {
    case 'hello': {
      if (helloIsAhead(queryClient, id, event.payload)) void queryClient.invalidateQueries({ queryKey: swissKeys.event(id) });
      return;
    }
    case 'round_start': {
      writeRoundStart(queryClient, id, roundDetailOf(event.payload));
      return;
    }
    case 'game_result': {
      const rounds = writeResults(queryClient, id, event.payload.results);
      const tournament = queryClient.getQueryData<Tournament>(swissKeys.detail(id));
      const current = tournament && queryClient.getQueryData<RoundDetail>(swissKeys.round(id, tournament.current_round));
      if (current && rounds.has(current.number) && roundIsComplete(current)) {
        // The push does not say when the next round is due: read the event once.
        void queryClient.invalidateQueries({ queryKey: swissKeys.detail(id) });
        void queryClient.invalidateQueries({ queryKey: swissKeys.rounds(id) });
      }
      return;
    }
    case 'standings_update': {
      const { version, results, round_start: started } = event.payload;
      if (results) applyLiveEvent(queryClient, id, { event: 'game_result', payload: { version, results } });
      if (started) applyLiveEvent(queryClient, id, { event: 'round_start', payload: started });
      if (event.payload.hidden) {
        // Hidden standings: the push carries no rows; each viewer reads what they may see.
        void queryClient.invalidateQueries({ queryKey: swissKeys.standings(id) });
      } else {
        queryClient.setQueryData<Page<Standing>>(swissKeys.standingsPage(id, 1), (page) =>
          firstPageWith(page, event.payload.standings),
        );
      }
      // The team table moves with the standings: written when the frame carries it, read again
      // (the versioned page) when it does not, as with hidden standings (issue 39: it went stale).
      if (event.payload.team_standings) queryClient.setQueryData(swissKeys.teamStandings(id), event.payload.team_standings);
      else void queryClient.invalidateQueries({ queryKey: swissKeys.teamStandings(id) });
      queryClient.setQueryData<Tournament>(swissKeys.detail(id), (tournament) =>
        tournamentWithVersion(tournament, event.payload.version, event.payload.tiebreaks_after_round),
      );
      // A result corrected after the end moves the final standings, and so the prize winners.
      if (queryClient.getQueryData<Tournament>(swissKeys.detail(id))?.status === 'finished')
        void queryClient.invalidateQueries({ queryKey: swissKeys.prizes(id) });
      // Later pages are not in the push; those on screen are read again, the rest when shown.
      void queryClient.invalidateQueries({
        queryKey: swissKeys.standings(id),
        predicate: (query) => (standingsPageOf(query.queryKey) ?? 1) > 1,
      });
      return;
    }
    case 'tournament_update': {
      writeTournament(queryClient, event.payload);
      return;
    }
    case 'prizes_update': {
      queryClient.setQueryData(swissKeys.prizes(id), event.payload);
      return;
    }
    case 'tournament_end': {
      const { tournament, standings, team_standings: teams } = event.payload;
      queryClient.setQueryData<Tournament>(swissKeys.detail(id), tournament);
      if (teams) queryClient.setQueryData(swissKeys.teamStandings(id), teams);
      const pages = queryClient.getQueriesData<Page<Standing>>({ queryKey: swissKeys.standings(id) });
      for (const [key, page] of pages) {
        const number = standingsPageOf(key);
        if (number !== null) queryClient.setQueryData(key, pageOfFinal(page, number, standings));
      }
      if (pages.length === 0) queryClient.setQueryData(swissKeys.standingsPage(id, 1), pageOfFinal(undefined, 1, standings));
      return;
    }
  }
};
