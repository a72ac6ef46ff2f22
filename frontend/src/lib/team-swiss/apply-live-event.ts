import type { QueryClient } from '@tanstack/react-query';

import { writeMatch } from '@/lib/team-swiss/cache-writes';
import { teamSwissKeys } from '@/lib/team-swiss/team-swiss-keys';
import type { LiveEvent, TeamSwissEvent } from '@/lib/team-swiss/types';

type Hello = Extract<LiveEvent, { event: 'hello' }>['payload'];

/**
 * The one fact `/ws/team-swiss/{id}/` carries in version pings (docs/live.md): a board's result,
 * written into its match in place (`board_result`). Everything else arrives with the pages a
 * `reload` reads again.
 */
export const applyLiveEvent = (queryClient: QueryClient, id: number, event: LiveEvent): void => {
  if (event.event === 'board_result') writeMatch(queryClient, id, event.payload);
};

/** `hello`: whether the cached event is of another version or status than the server's
 * (nothing cached: the first read is under way). */
export const helloIsAhead = (queryClient: QueryClient, id: number, hello: Hello): boolean => {
  const cached = queryClient.getQueryData<TeamSwissEvent>(teamSwissKeys.detail(id));
  return cached !== undefined && (cached.version !== hello.version || cached.status !== hello.status);
};
