import { useQuery } from '@tanstack/react-query';

import { ratingsKeys } from '@/features/ratings/api/ratings-keys';
import { api, unwrap } from '@/lib/api-client';

/** The Swiss events a player entered, newest first. */
export const getPlayerEvents = (username: string) =>
  unwrap(api.GET('/api/tournaments/swiss/', { params: { query: { player: username, page_size: 50 } } }));

export const usePlayerEvents = (username: string) =>
  useQuery({ queryKey: ratingsKeys.events(username), queryFn: () => getPlayerEvents(username) });
