import { useMutation, useQueryClient } from '@tanstack/react-query';

import { teamQueryKey } from '@/features/teams/api/get-team';
import { teamMembersQueryKey } from '@/features/teams/api/get-team-members';
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

const useMembershipChange = <T,>(slug: string, change: (slug: string) => Promise<T>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => change(slug),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamQueryKey(slug) }),
        queryClient.invalidateQueries({ queryKey: teamMembersQueryKey(slug) }),
        queryClient.invalidateQueries({ queryKey: ['teams', 'list'] }),
      ]),
  });
};

export const useJoinTeam = (slug: string) => useMembershipChange(slug, joinTeam);

export const useLeaveTeam = (slug: string) => useMembershipChange(slug, leaveTeam);
