import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { getStandingsPage } from '@/lib/swiss/get-standings';
import { swissKeys } from '@/lib/swiss/swiss-keys';
import type { Standing } from '@/lib/swiss/types';

const PAGE = 200;

/** Every standings row, for the printed sheets and the arbiter's player pickers. */
export const getAllStandings = async (id: number): Promise<Standing[]> => {
  const rows: Standing[] = [];
  for (let page = 1; ; page += 1) {
    const data = await getStandingsPage(id, page, PAGE);
    rows.push(...data.results);
    if (!data.next) return rows;
  }
};

/** Kept apart from the paged standings the pushes update; read again at each new version. */
export const useAllStandings = (id: number, version: number) =>
  useQuery({ queryKey: swissKeys.allStandingsAt(id, version), queryFn: () => getAllStandings(id), placeholderData: keepPreviousData });
