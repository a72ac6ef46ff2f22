import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';

import { standingsPageQueryOptions } from '@/lib/swiss/get-standings';
import { STANDINGS_PAGE_SIZE } from '@/lib/swiss/swiss-keys';
import type { Standing } from '@/lib/swiss/types';
import type { Page } from '@/lib/page';

/** A row of the table: the standing once its page is read, null until then. */
export type StandingsRow = { index: number; standing: Standing | null };

const combine = (results: UseQueryResult<Page<Standing>>[]) => ({
  data: results.map((result) => result.data),
  first: results[0],
});

/**
 * The standings, read page by page as rows come into view: a 1,000-player event first reads
 * only its first 50 rows. `show(first, last)` tells which rows are on screen. `rows` keeps its
 * identity until a page changes (TanStack Table re-renders forever on a new array each render).
 */
export const useStandingsPages = (tournamentId: number) => {
  const [pages, setPages] = useState<number[]>([1]);
  const { data, first } = useQueries({
    queries: pages.map((page) => standingsPageQueryOptions(tournamentId, page)),
    combine,
  });
  const count = first?.data?.count ?? 0;
  const rows = useMemo<StandingsRow[]>(
    () =>
      Array.from({ length: count }, (_, index) => {
        const slot = pages.indexOf(Math.floor(index / STANDINGS_PAGE_SIZE) + 1);
        return { index, standing: (slot < 0 ? undefined : data[slot]?.results[index % STANDINGS_PAGE_SIZE]) ?? null };
      }),
    [count, pages, data],
  );
  const show = useCallback((firstRow: number, lastRow: number) => {
    const from = Math.floor(firstRow / STANDINGS_PAGE_SIZE) + 1;
    const to = Math.floor(lastRow / STANDINGS_PAGE_SIZE) + 1;
    const wanted = [1];
    for (let page = Math.max(from, 2); page <= to; page += 1) wanted.push(page);
    setPages((current) => (current.join() === wanted.join() ? current : wanted));
  }, []);
  return {
    rows,
    show,
    isPending: first?.isPending ?? true,
    error: first?.error ?? null,
    refetch: () => first?.refetch(),
  };
};
