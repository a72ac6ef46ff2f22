import { queryOptions, useQuery } from '@tanstack/react-query';

import { teamSwissKeys } from '@/lib/team-swiss/team-swiss-keys';
import { api, unwrap } from '@/lib/api-client';

/** The server's team tie-break codes, names and default order: they change only with a
 * release, so one read per visit (the server lets the browser keep it for an hour too). */
export const teamTiebreakCatalogueQueryOptions = () =>
  queryOptions({
    queryKey: teamSwissKeys.tiebreaks(),
    queryFn: () => unwrap(api.GET('/api/team-swiss/tiebreaks/')),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const useTeamTiebreakCatalogue = () => useQuery(teamTiebreakCatalogueQueryOptions());
