import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { teamsKeys } from '@/features/teams/api/teams-keys';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import { ApiError } from '@/lib/api-error';

export type NewTeam = components['schemas']['TeamCreateInputRequest'];

export const createTeam = (team: NewTeam) => unwrap(api.POST('/api/teams/', { body: team }));

/** The answer is the new team's page, written as such; the lists (sorted and paged by the server)
 * are invalidated. */
export const useCreateTeam = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    onSuccess: (team) => {
      queryClient.setQueryData(teamsKeys.detail(team.slug), team);
      return queryClient.invalidateQueries({ queryKey: teamsKeys.lists() });
    },
  });
};

export const getJoinRequests = (slug: string) =>
  unwrap(api.GET('/api/teams/{slug}/requests/', { params: { path: { slug }, query: { page_size: 200 } } }));

export const useJoinRequests = (slug: string, enabled: boolean) =>
  useQuery({ queryKey: teamsKeys.requests(slug), queryFn: () => getJoinRequests(slug), enabled });

export const decideJoinRequest = (slug: string, requestId: number, decision: 'approve' | 'refuse') =>
  decision === 'approve'
    ? unwrap(api.POST('/api/teams/{slug}/requests/{request_id}/approve/', { params: { path: { slug, request_id: requestId } } }))
    : unwrap(api.POST('/api/teams/{slug}/requests/{request_id}/refuse/', { params: { path: { slug, request_id: requestId } } }));

export const changeRole = (slug: string, username: string, change: 'promote' | 'demote') =>
  change === 'promote'
    ? unwrap(api.POST('/api/teams/{slug}/members/{username}/promote/', { params: { path: { slug, username } } }))
    : unwrap(api.POST('/api/teams/{slug}/members/{username}/demote/', { params: { path: { slug, username } } }));

export const removeMember = async (slug: string, username: string) => {
  const { error, response } = await api.DELETE('/api/teams/{slug}/members/{username}/', { params: { path: { slug, username } } });
  if (!response.ok) throw ApiError.from(response.status, error);
};

/** A leader's change to the roster refreshes the team, its members and its requests: invalidated,
 * as no socket carries teams and the answer is one request or membership, not the count or the
 * roster's order (docs/frontend.md, "How the cache is updated"). */
export const useTeamAdmin = <TVariables,>(slug: string, change: (variables: TVariables) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamsKeys.detail(slug) }),
        queryClient.invalidateQueries({ queryKey: teamsKeys.members(slug) }),
        queryClient.invalidateQueries({ queryKey: teamsKeys.requests(slug) }),
      ]),
  });
};
