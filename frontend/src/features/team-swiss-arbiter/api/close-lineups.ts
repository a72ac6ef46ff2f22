import { useMutation, useQueryClient } from '@tanstack/react-query';

import { writeRound } from '@/lib/team-swiss/cache-writes';
import { api, unwrap } from '@/lib/api-client';

export const closeLineups = (id: number, number: number) =>
  unwrap(api.POST('/api/team-swiss/{event_id}/rounds/{number}/close-lineups/', { params: { path: { event_id: id, number } } }));

/** The round with its boards; others read it at the `reload` ping. */
export const useCloseLineups = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (round: number) => closeLineups(id, round), onSuccess: (round) => writeRound(queryClient, id, round) });
};
