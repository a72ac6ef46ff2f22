import { useMutation, useQueryClient } from '@tanstack/react-query';

import { setSessionUser } from '@/lib/auth';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type Credentials = components['schemas']['AuthLoginApiInputRequest'];

export const login = (body: Credentials) => unwrap(api.POST('/api/auth/login/', { body }));

export const useLogin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
};
