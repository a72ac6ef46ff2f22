import { queryOptions } from '@tanstack/react-query';

import { noNote, noteVersion, STANDINGS_PAGE_SIZE, swissKeys } from '@/lib/swiss/swiss-keys';
import { api, unwrap } from '@/lib/api-client';

export const getStandingsPage = async (id: number, page: number, pageSize = STANDINGS_PAGE_SIZE, note = noNote) =>
  unwrap(
    api
      .GET('/api/tournaments/swiss/{tournament_id}/standings/', {
        params: { path: { tournament_id: id }, query: { page, page_size: pageSize } },
      })
      .then(note),
  );

export const standingsPageQueryOptions = (id: number, page: number) =>
  queryOptions({ queryKey: swissKeys.standingsPage(id, page), queryFn: (context) => getStandingsPage(id, page, STANDINGS_PAGE_SIZE, noteVersion(context)) });
