import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { swissKeys } from '@/features/tournaments/api/swiss-keys';
import { api, unwrap } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import type { components } from '@/lib/api-types';

export type RegisteredEntry = components['schemas']['RegisteredEntryOutput'];
export type EntryClaim = components['schemas']['EntryClaimOutput'];

const path = (id: number) => ({ params: { path: { tournament_id: id } } });

/** Players the arbiter entered by name (no account), linked to a user or not. */
export const useRegisteredEntries = (id: number) =>
  useQuery(queryOptions({ queryKey: swissKeys.registered(id), queryFn: () => unwrap(api.GET('/api/tournaments/swiss/{tournament_id}/registered/', path(id))) }));

/**
 * Users' claims on those entries: a leader gets everyone's waiting claims, any other user their
 * own, waiting or `rejected` (kept until they dismiss it). `poll` says, from the list, how often
 * to read it again.
 */
export const useEntryClaims = (id: number, { poll }: { poll?: (claims: EntryClaim[] | undefined) => number | false } = {}) =>
  useQuery({
    ...queryOptions({ queryKey: swissKeys.claims(id), queryFn: () => unwrap(api.GET('/api/tournaments/swiss/{tournament_id}/registered/claims/', path(id))) }),
    refetchInterval: poll ? (query) => poll(query.state.data) : false,
  });

export const approveClaim = (id: number, claimId: number) =>
  unwrap(
    api.POST('/api/tournaments/swiss/{tournament_id}/registered/claims/{claim_id}/approve/', {
      params: { path: { tournament_id: id, claim_id: claimId } },
    }),
  );

export const rejectClaim = async (id: number, claimId: number): Promise<void> => {
  const { error, response } = await api.DELETE('/api/tournaments/swiss/{tournament_id}/registered/claims/{claim_id}/', {
    params: { path: { tournament_id: id, claim_id: claimId } },
  });
  if (!response.ok) throw ApiError.from(response.status, error);
};

export const linkEntry = (id: number, entryId: number, username: string) =>
  unwrap(
    api.POST('/api/tournaments/swiss/{tournament_id}/registered/{entry_id}/link/', {
      params: { path: { tournament_id: id, entry_id: entryId } },
      body: { username },
    }),
  );

export const claimEntry = (id: number, entryId: number) =>
  unwrap(
    api.POST('/api/tournaments/swiss/{tournament_id}/registered/{entry_id}/claim/', {
      params: { path: { tournament_id: id, entry_id: entryId } },
    }),
  );

/** The signed-in user claims a registered entry as theirs; a leader then decides. */
export const useClaimEntry = (id: number) => {
  const queryClient = useQueryClient();
  // The claimant's form finds the claim in that list (and a leader's panel shows it).
  return useMutation({
    mutationFn: (entryId: number) => claimEntry(id, entryId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: swissKeys.claims(id) }),
  });
};

/**
 * The claimant withdraws their waiting claim, or dismisses their rejected one: the same DELETE,
 * by a leader, rejects a claim.
 */
export const useWithdrawClaim = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (claimId: number) => rejectClaim(id, claimId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: swissKeys.claims(id) }),
  });
};
