import { useMutation, useQueryClient } from '@tanstack/react-query';

import { swissKeys } from '@/features/tournaments/api/swiss-keys';
import { replacePairing } from '@/features/tournaments/api/live-reducers';
import type { GameResult, RoundDetail } from '@/features/tournaments/types/swiss';
import { api, unwrap } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

const path = (id: number) => ({ params: { path: { tournament_id: id } } });

const noContent = async (request: Promise<{ error?: unknown; response: Response }>): Promise<void> => {
  const { error, response } = await request;
  if (!response.ok) throw ApiError.from(response.status, error);
};

export const joinTournament = (id: number, password: string) =>
  unwrap(api.POST('/api/tournaments/swiss/{tournament_id}/join/', { ...path(id), body: { password } }));

export const withdrawFromTournament = (id: number) => noContent(api.POST('/api/tournaments/swiss/{tournament_id}/withdraw/', path(id)));

export const rejoinTournament = (id: number) => noContent(api.POST('/api/tournaments/swiss/{tournament_id}/rejoin/', path(id)));

export const requestBye = (id: number, round: number) =>
  unwrap(api.POST('/api/tournaments/swiss/{tournament_id}/request-bye/', { ...path(id), body: { round } }));

export const reportResult = (id: number, pairingId: number, result: GameResult) =>
  unwrap(
    api.POST('/api/tournaments/swiss/{tournament_id}/pairings/{pairing_id}/result/', {
      params: { path: { tournament_id: id, pairing_id: pairingId } },
      body: { result },
    }),
  );

/** Entering or leaving changes the player's own row, the standings and the head count. */
const useEntryChange = <TVariables,>(id: number, change: (variables: TVariables) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: swissKeys.standings(id) }),
        queryClient.invalidateQueries({ queryKey: swissKeys.detail(id) }),
      ]);
      // After the standings: the own row is looked up in their fresh first page.
      await queryClient.invalidateQueries({ queryKey: swissKeys.entries(id) });
    },
  });
};

export const useJoinTournament = (id: number) => useEntryChange(id, (password: string) => joinTournament(id, password));

export const useWithdraw = (id: number) => useEntryChange(id, () => withdrawFromTournament(id));

export const useRejoin = (id: number) => useEntryChange(id, () => rejoinTournament(id));

export const useRequestBye = (id: number) => useMutation({ mutationFn: (round: number) => requestBye(id, round) });

export const useReportResult = (id: number, round: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pairingId, result }: { pairingId: number; result: GameResult }) => reportResult(id, pairingId, result),
    onSuccess: (pairing) =>
      queryClient.setQueryData<RoundDetail>(swissKeys.round(id, round), (detail) => replacePairing(detail, pairing)),
  });
};
