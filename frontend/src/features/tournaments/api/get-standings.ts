import { queryOptions } from '@tanstack/react-query';

import { STANDINGS_PAGE_SIZE, swissKeys } from '@/features/tournaments/api/swiss-keys';
import { api, unwrap } from '@/lib/api-client';

export const getStandingsPage = async (id: number, page: number, pageSize = STANDINGS_PAGE_SIZE) =>
  unwrap(
    api.GET('/api/tournaments/swiss/{tournament_id}/standings/', {
      params: { path: { tournament_id: id }, query: { page, page_size: pageSize } },
    }),
  );

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

export const standingsPageQueryOptions = (id: number, page: number) =>
  queryOptions({ queryKey: swissKeys.standingsPage(id, page), queryFn: () => getStandingsPage(id, page) });
