import { queryOptions, useQuery } from '@tanstack/react-query';

import { teamsKeys } from '@/features/teams/api/teams-keys';
import { api, unwrap } from '@/lib/api-client';

export const getTeamMembers = (slug: string) =>
  unwrap(api.GET('/api/teams/{slug}/members/', { params: { path: { slug }, query: { page_size: 200 } } }));

export const useTeamMembers = (slug: string) =>
  useQuery(queryOptions({ queryKey: teamsKeys.members(slug), queryFn: () => getTeamMembers(slug) }));
