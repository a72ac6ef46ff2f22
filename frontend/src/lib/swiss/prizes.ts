import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { swissKeys } from '@/lib/swiss/swiss-keys';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type PrizeTable = components['schemas']['PrizeTableOutput'];
export type Prize = components['schemas']['PrizeOutput'];
export type PrizeInput = components['schemas']['PrizeInputRequest'];
export type PrizeTableInput = components['schemas']['TournamentPrizesApiInputRequest'];

const path = (id: number) => ({ params: { path: { tournament_id: id } } });

export const getPrizes = (id: number) => unwrap(api.GET('/api/tournaments/swiss/{tournament_id}/prizes/', path(id)));

export const setPrizes = (id: number, body: PrizeTableInput) =>
  unwrap(api.PUT('/api/tournaments/swiss/{tournament_id}/prizes/', { ...path(id), body }));

/** The prize table; its winners once the event is over (read again at the `reload` pings of a finished event). */
export const usePrizes = (id: number) => useQuery({ queryKey: swissKeys.prizes(id), queryFn: () => getPrizes(id) });

/** Leaders replace the whole table; the answer is the new table, written into the cache. */
export const useSetPrizes = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PrizeTableInput) => setPrizes(id, body),
    onSuccess: (table) => {
      queryClient.setQueryData(swissKeys.prizes(id), table);
      void queryClient.invalidateQueries({ queryKey: swissKeys.audit(id) });
    },
  });
};
