import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { accountKeys } from '@/features/account/api/account-keys';
import { api, unwrap } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import type { components } from '@/lib/api-types';

export type ApiToken = components['schemas']['ApiTokenOutput'];

export const getTokens = () => unwrap(api.GET('/api/auth/tokens/'));

export const createToken = (name: string) => unwrap(api.POST('/api/auth/tokens/', { body: { name } }));

export const revokeToken = async (id: number): Promise<void> => {
  const { error, response } = await api.DELETE('/api/auth/tokens/{token_id}/', { params: { path: { token_id: id } } });
  if (!response.ok) throw ApiError.from(response.status, error);
};

export const useTokens = () => useQuery(queryOptions({ queryKey: accountKeys.tokens(), queryFn: getTokens }));

export const useCreateToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createToken,
    onSuccess: ({ token: _secret, ...listed }) =>
      queryClient.setQueryData<ApiToken[]>(accountKeys.tokens(), (tokens) => [listed, ...(tokens ?? [])]),
  });
};

export const useRevokeToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeToken,
    onSuccess: (_, id) => queryClient.setQueryData<ApiToken[]>(accountKeys.tokens(), (tokens) => tokens?.filter((token) => token.id !== id)),
  });
};
