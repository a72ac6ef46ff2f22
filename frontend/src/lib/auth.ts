/** The signed-in user, for every feature (features do not import each other). */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import type { components } from '@/lib/api-types';
import { authKeys } from '@/lib/auth-keys';

export type User = components['schemas']['UserOutput'];

/** The signed-in user, or null for a visitor. `/api/auth/session/` answers 200 to visitors too
 * (`/api/auth/me/` answers them 401, which the browser would log as an error on every page). */
export const getMe = async (): Promise<User | null> => {
  const { data, error, response } = await api.GET('/api/auth/session/');
  if (!response.ok || !data) throw ApiError.from(response.status, error);
  return data.user;
};

export const meQueryOptions = () =>
  queryOptions({ queryKey: authKeys.me(), queryFn: getMe, staleTime: 5 * 60_000 });

export const useMe = () => useQuery(meQueryOptions());

/** A new session: everything personal (memberships, own entries) is read again as this user. */
export const setSessionUser = (queryClient: QueryClient, user: User | null): void => {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
  queryClient.setQueryData(authKeys.me(), user);
};
