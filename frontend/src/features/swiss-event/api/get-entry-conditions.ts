import { useQuery } from '@tanstack/react-query';

import { swissKeys } from '@/lib/swiss/swiss-keys';
import { api, unwrap } from '@/lib/api-client';

/** The event's entry conditions, each checked for the signed-in viewer (`met` null for a visitor). */
export const useEntryConditions = (id: number, username: string | null | undefined) =>
  useQuery({
    queryKey: swissKeys.entryConditions(id, username ?? null),
    queryFn: () =>
      unwrap(api.GET('/api/tournaments/swiss/{tournament_id}/entry-conditions/', { params: { path: { tournament_id: id } } })),
    enabled: username !== undefined,
  });
