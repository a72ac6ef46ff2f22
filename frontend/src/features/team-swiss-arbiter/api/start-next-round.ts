import { useMutation, useQueryClient } from '@tanstack/react-query';

import { writePairedRound } from '@/lib/team-swiss/cache-writes';
import { api, unwrap } from '@/lib/api-client';

export const startNextRound = (id: number) => unwrap(api.POST('/api/team-swiss/{event_id}/start-next-round/', { params: { path: { event_id: id } } }));

/** The paired round (matches, no boards yet); others read it at the `reload` ping. */
export const useStartNextRound = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => startNextRound(id), onSuccess: (round) => writePairedRound(queryClient, id, round) });
};
