import { useMutation, useQueryClient } from '@tanstack/react-query';

import { setSessionUser } from '@/lib/auth';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

export const logout = async (): Promise<void> => {
  const { error, response } = await api.POST('/api/auth/logout/');
  if (!response.ok) throw ApiError.from(response.status, error);
};

export const useLogout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => setSessionUser(queryClient, null),
  });
};
