import { useMutation, useQueryClient } from '@tanstack/react-query';

import { setSessionUser } from '@/lib/auth';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type Registration = components['schemas']['UserRegisterApiInputRequest'];

export const register = (body: Registration) => unwrap(api.POST('/api/auth/register/', { body }));

export const useRegister = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
};
