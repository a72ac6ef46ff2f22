import { useQuery } from '@tanstack/react-query';

import { ratingsKeys } from '@/features/ratings/api/ratings-keys';
import type { Speed } from '@/features/ratings/types/ratings';
import { api, unwrap } from '@/lib/api-client';

/** The chart's reach: the latest 200 rated games of a speed (one page, the API's largest). */
export const HISTORY_LIMIT = 200;

export const getRatingHistory = (username: string, speed: Speed) =>
  unwrap(
    api.GET('/api/users/{username}/rating-history/', {
      params: { path: { username }, query: { speed, page_size: HISTORY_LIMIT } },
    }),
  );

export const useRatingHistory = (username: string, speed: Speed, enabled = true) =>
  useQuery({ queryKey: ratingsKeys.history(username, speed), queryFn: () => getRatingHistory(username, speed), enabled });
