import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { getStandingOf } from '@/features/swiss-event/api/find-standings';
import { standingsPageQueryOptions } from '@/lib/swiss/get-standings';
import { swissKeys } from '@/lib/swiss/swiss-keys';
import type { MyEntry } from '@/lib/swiss/types';

type EntrySearch = { id: number; username: string; currentRound: number };

type MyEntryResult = {
  data: MyEntry | null | undefined;
  isPending: boolean;
  isSuccess: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
};

/** One filtered request (`?username=`), whatever the size of the event; null: not entered. */
export const myEntryQueryOptions = ({ id, username, currentRound }: EntrySearch) =>
  queryOptions({
    queryKey: swissKeys.entry(id, username, currentRound),
    queryFn: (): Promise<MyEntry | null> => getStandingOf(id, username),
  });

/**
 * The signed-in player's own row, or null when they have not joined. The first standings page,
 * when cached (the table reads it, and pushes keep it current), is watched but never fetched
 * from here: it answers when it holds the row. Otherwise one lookup per round; a new round
 * re-checks the entry while the panel keeps what it showed.
 */
export const useMyEntry = (search: EntrySearch | null): MyEntryResult => {
  const { id, username, currentRound } = search ?? { id: 0, username: '', currentRound: 0 };
  const held = useQuery({
    ...standingsPageQueryOptions(id, 1),
    enabled: false,
    select: (page) => page.results.find((row) => row.username === username),
  }).data;
  const lookup = useQuery({
    ...myEntryQueryOptions({ id, username, currentRound }),
    enabled: search !== null && !held,
    placeholderData: keepPreviousData,
  });
  if (search && held) return { data: held, isPending: false, isSuccess: true, error: null, refetch: lookup.refetch };
  return lookup;
};
