import type { Query, QueryClient } from '@tanstack/react-query';

import { helloIsAhead } from '@/features/swiss-event/api/apply-live-event';
import { servedVersion, standingsPageOf, swissKeys } from '@/lib/swiss/swiss-keys';
import type { LiveEvent, MyEntry, RoundDetail, Standing, Tournament } from '@/lib/swiss/types';
import type { Page } from '@/lib/page';
import type { PingPage } from '@/lib/version-pings';

type Hello = Extract<LiveEvent, { event: 'hello' }>['payload'];

/** The event's pages, which a `reload` ping reads again: the reads the server renders once per
 * version (docs/live.md, "Reads"), not the viewer's own lookups, searches or the leader's tools. */
const PAGES = new Set<unknown>(['detail', 'rounds', 'round', 'team-standings']);
const isPage = ({ queryKey }: Query) => PAGES.has(queryKey[2]) || standingsPageOf(queryKey) !== null;

/** How long before its listed time a round counts as about to start. */
const DUE_MS = 60_000;

/**
 * Whether the viewer is a player waiting to be paired, as the cache knows it: entered and active,
 * the next round due within a minute (or overdue), and no board of theirs in play.
 */
export const waitsForPairing = (queryClient: QueryClient, id: number, username: string | null, now = Date.now()): boolean => {
  const tournament = queryClient.getQueryData<Tournament>(swissKeys.detail(id));
  if (!username || !tournament?.next_round_at || Date.parse(tournament.next_round_at) - now > DUE_MS) return false;
  const entry =
    queryClient.getQueryData<Page<Standing>>(swissKeys.standingsPage(id, 1))?.results.find((row) => row.username === username) ??
    queryClient.getQueriesData<MyEntry | null>({ queryKey: swissKeys.entriesOf(id, username) }).find(([, found]) => found)?.[1];
  const round = queryClient.getQueryData<RoundDetail>(swissKeys.round(id, tournament.current_round));
  const playing = round?.pairings.some((board) => (board.white === username || board.black === username) && board.result === '');
  return entry?.status === 'active' && !playing;
};

/** What the event's socket does with its version pings (`connectSwiss`). */
export const swissPingPage = (queryClient: QueryClient, id: number, viewer: () => string | null): PingPage<Hello> => ({
  behind: (hello) => helloIsAhead(queryClient, id, hello),
  players: () => queryClient.getQueryData<Tournament>(swissKeys.detail(id))?.participant_count ?? 0,
  waiting: () => waitsForPairing(queryClient, id, viewer()),
  reload: async () => {
    const filters = { queryKey: swissKeys.event(id), predicate: isPage };
    await queryClient.invalidateQueries(filters);
    // Prizes are read apart from the pages: their winners move only once the event is over.
    if (queryClient.getQueryData<Tournament>(swissKeys.detail(id))?.status === 'finished')
      void queryClient.invalidateQueries({ queryKey: swissKeys.prizes(id) });
    const versions = queryClient
      .getQueryCache()
      .findAll({ ...filters, type: 'active' })
      .map((query) => servedVersion(queryClient, query.queryKey))
      .filter((version) => version !== null);
    return versions.length ? Math.min(...versions) : null;
  },
  refetchAll: () => void queryClient.invalidateQueries({ queryKey: swissKeys.event(id) }),
});
