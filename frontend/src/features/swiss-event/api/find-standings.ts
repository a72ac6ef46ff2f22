import { STANDINGS_PAGE_SIZE } from '@/lib/swiss/swiss-keys';
import { api, unwrap } from '@/lib/api-client';

// Apart from get-standings.ts, which the app's entry chunk loads to prefetch the first page:
// these two are the event page's own, and every page (the game page too) would carry them.

/** One player's row (the filter matches the username case-insensitively), or null. */
export const getStandingOf = async (id: number, username: string) => {
  const data = await unwrap(
    api.GET('/api/tournaments/swiss/{tournament_id}/standings/', {
      params: { path: { tournament_id: id }, query: { username } },
    }),
  );
  return data.results[0] ?? null;
};

/** The players whose name contains `search` (case-insensitive), best ranked first. */
export const searchStandings = async (id: number, search: string) =>
  unwrap(
    api.GET('/api/tournaments/swiss/{tournament_id}/standings/', {
      params: { path: { tournament_id: id }, query: { search, page_size: STANDINGS_PAGE_SIZE } },
    }),
  );
