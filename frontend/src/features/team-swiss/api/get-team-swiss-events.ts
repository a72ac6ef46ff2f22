import { useQuery } from '@tanstack/react-query';

import { teamSwissKeys } from '@/lib/team-swiss/team-swiss-keys';
import { api, unwrap } from '@/lib/api-client';

/** The events a team hosts or plays in (`club`: a registered team captained by one of its members). */
export const getTeamSwissEvents = (team: string) => unwrap(api.GET('/api/team-swiss/', { params: { query: { club: team } } }));

/** The events the team hosts or plays in, newest first (the team page). */
export const useTeamSwissEvents = (team: string) =>
  useQuery({ queryKey: teamSwissKeys.list(team), queryFn: () => getTeamSwissEvents(team) });
