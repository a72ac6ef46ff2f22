import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

import { getStandingOf, standingsPageQueryOptions } from '@/features/tournaments/api/get-standings';
import { swissKeys } from '@/features/tournaments/api/swiss-keys';
import type { Standing } from '@/features/tournaments/types/swiss';

type EntrySearch = { id: number; username: string; currentRound: number };

/**
 * The signed-in player's own row, or null when they have not joined: read from the first
 * standings page when the table already holds it fresh, otherwise one filtered request
 * (`?username=`), whatever the size of the event.
 */
export const findMyEntry = async (queryClient: QueryClient, { id, username }: EntrySearch): Promise<Standing | null> => {
  const firstPage = standingsPageQueryOptions(id, 1);
  const state = queryClient.getQueryState(firstPage.queryKey);
  const cached = state && !state.isInvalidated ? queryClient.getQueryData(firstPage.queryKey) : undefined;
  const row = cached?.results.find((entry) => entry.username === username);
  return row ?? getStandingOf(id, username);
};

export const myEntryQueryOptions = (queryClient: QueryClient, search: EntrySearch) =>
  queryOptions({
    queryKey: [...swissKeys.entry(search.id, search.username), search.currentRound],
    queryFn: () => findMyEntry(queryClient, search),
  });

export const useMyEntry = (queryClient: QueryClient, search: EntrySearch | null) =>
  useQuery({
    ...myEntryQueryOptions(queryClient, search ?? { id: 0, username: '', currentRound: 0 }),
    enabled: search !== null,
    // A new round re-checks the entry; meanwhile the panel keeps what it showed.
    placeholderData: keepPreviousData,
  });
