import { queryOptions, useQuery } from '@tanstack/react-query';

import { ratingsKeys } from '@/features/ratings/api/ratings-keys';
import { api, unwrap } from '@/lib/api-client';

export const getProfile = (username: string) =>
  unwrap(api.GET('/api/users/{username}/', { params: { path: { username } } }));

export const profileQueryOptions = (username: string) =>
  queryOptions({ queryKey: ratingsKeys.profile(username), queryFn: () => getProfile(username) });

export const useProfile = (username: string) => useQuery(profileQueryOptions(username));
