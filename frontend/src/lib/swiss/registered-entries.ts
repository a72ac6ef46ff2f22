import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { swissKeys } from '@/lib/swiss/swiss-keys';
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

/** The signed-in user claims a registered entry as theirs; a leader then decides. The claim is
 * invalidated, not written: claiming also clears the user's other rejected claims, which the
 * answer (the one claim) does not list. */
export const useClaimEntry = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: number) => claimEntry(id, entryId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: swissKeys.claims(id) }),
  });
};

/** 204: the claim left the list of whoever removed it (a leader's list holds no rejected claims). */
const writeClaimRemoved = (queryClient: QueryClient, id: number, claimId: number) =>
  queryClient.setQueryData<EntryClaim[]>(swissKeys.claims(id), (claims) => claims?.filter((claim) => claim.id !== claimId));

/**
 * The claimant withdraws their waiting claim, dismisses their rejected one or declines an offer;
 * a leader rejects a waiting claim or withdraws an offer: the same DELETE.
 */
export const useRemoveClaim = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (claimId: number) => rejectClaim(id, claimId),
    onSuccess: (_, claimId) => writeClaimRemoved(queryClient, id, claimId),
  });
};

/**
 * A claim approved by a leader, or an offer confirmed by its user: the answer, the entry now
 * linked, is written into the list. The rest is invalidated, being in neither the answer nor a
 * push: the link closes the entry's other claims and the user's, and renames the player in every
 * standings row (no push follows a link before round 1, and a push carries the first page only).
 */
const writeLinked = (queryClient: QueryClient, id: number, linked: RegisteredEntry) => {
  queryClient.setQueryData<RegisteredEntry[]>(swissKeys.registered(id), (entries) =>
    entries?.map((entry) => (entry.id === linked.id ? linked : entry)),
  );
  for (const queryKey of [swissKeys.claims(id), swissKeys.standings(id), swissKeys.allStandings(id), swissKeys.entries(id)])
    void queryClient.invalidateQueries({ queryKey });
};

export const useApproveClaim = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (claimId: number) => approveClaim(id, claimId),
    onSuccess: (linked) => writeLinked(queryClient, id, linked),
  });
};

/** A leader's offer of an entry to a member (the answer) joins the claims. */
const writeOffer = (queryClient: QueryClient, id: number, offer: EntryClaim) =>
  queryClient.setQueryData<EntryClaim[]>(swissKeys.claims(id), (claims) => [...(claims ?? []).filter((claim) => claim.id !== offer.id), offer]);

export type LinkDecision = { approve: number } | { reject: number } | { offer: number; username: string };

/** A leader's decision on the registered entries: approve a claim, reject one (or withdraw an
 * offer), or offer an entry to a member. One mutation, so that the panel shows the last refusal. */
export const useLinkDecision = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: LinkDecision): Promise<{ linked: RegisteredEntry } | { removed: number } | { offered: EntryClaim }> => {
      if ('approve' in decision) return { linked: await approveClaim(id, decision.approve) };
      if ('reject' in decision) return rejectClaim(id, decision.reject).then(() => ({ removed: decision.reject }));
      return { offered: await linkEntry(id, decision.offer, decision.username) };
    },
    onSuccess: (answer) => {
      if ('linked' in answer) writeLinked(queryClient, id, answer.linked);
      else if ('removed' in answer) writeClaimRemoved(queryClient, id, answer.removed);
      else writeOffer(queryClient, id, answer.offered);
    },
  });
};
