import { queryOptions, useQuery } from '@tanstack/react-query';

import { swissKeys } from '@/lib/swiss/swiss-keys';
import { api, unwrap } from '@/lib/api-client';

/** The server's tie-break codes, names and default order: they change only with a release, so
 * one read per visit (the server lets the browser keep it for an hour too). */
export const tiebreakCatalogueQueryOptions = () =>
  queryOptions({
    queryKey: swissKeys.tiebreaks(),
    queryFn: () => unwrap(api.GET('/api/tournaments/swiss/tiebreaks/')),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const useTiebreakCatalogue = () => useQuery(tiebreakCatalogueQueryOptions());
