import { useMutation, useQueryClient } from '@tanstack/react-query';

import { teamsKeys } from '@/features/teams/api/teams-keys';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

/** 201: a member now; 202: a pending request for a by-request team. */
export const joinTeam = async (slug: string): Promise<'joined' | 'requested'> => {
  const { error, response } = await api.POST('/api/teams/{slug}/join/', { params: { path: { slug } }, body: { message: '' } });
  if (!response.ok) throw ApiError.from(response.status, error);
  return response.status === 202 ? 'requested' : 'joined';
};

export const leaveTeam = async (slug: string): Promise<void> => {
  const { error, response } = await api.POST('/api/teams/{slug}/leave/', { params: { path: { slug } } });
  if (!response.ok) throw ApiError.from(response.status, error);
};

/**
 * Invalidates (docs/frontend.md, "How the cache is updated"): no socket carries teams, and the
 * answer is one membership or request, not the team's count, the viewer's role, the roster or
 * the paged lists, which the server builds.
 */
const useMembershipChange = <T,>(slug: string, change: (slug: string) => Promise<T>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => change(slug),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamsKeys.detail(slug) }),
        queryClient.invalidateQueries({ queryKey: teamsKeys.members(slug) }),
        queryClient.invalidateQueries({ queryKey: teamsKeys.lists() }),
      ]),
  });
};

export const useJoinTeam = (slug: string) => useMembershipChange(slug, joinTeam);

export const useLeaveTeam = (slug: string) => useMembershipChange(slug, leaveTeam);
