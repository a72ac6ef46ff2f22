import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, unwrap } from '@/lib/api-client';

export const teamMembersQueryKey = (slug: string) => ['teams', 'members', slug] as const;

export const getTeamMembers = (slug: string) =>
  unwrap(api.GET('/api/teams/{slug}/members/', { params: { path: { slug }, query: { page_size: 200 } } }));

export const useTeamMembers = (slug: string) =>
  useQuery(queryOptions({ queryKey: teamMembersQueryKey(slug), queryFn: () => getTeamMembers(slug) }));
