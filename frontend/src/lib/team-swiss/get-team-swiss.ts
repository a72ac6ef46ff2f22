import { queryOptions, useQuery } from '@tanstack/react-query';

import { teamSwissKeys } from '@/lib/team-swiss/team-swiss-keys';
import { api, unwrap } from '@/lib/api-client';

export const getTeamSwissEvent = (id: number) => unwrap(api.GET('/api/team-swiss/{event_id}/', { params: { path: { event_id: id } } }));

export const getTeamRound = (id: number, number: number) =>
  unwrap(api.GET('/api/team-swiss/{event_id}/rounds/{number}/', { params: { path: { event_id: id, number } } }));

export const teamSwissEventQueryOptions = (id: number) =>
  queryOptions({ queryKey: teamSwissKeys.detail(id), queryFn: () => getTeamSwissEvent(id) });

/** The event, its teams and its current round: the page, the arbiter panel and the line-up form read it. */
export const useTeamSwissEvent = (id: number) => useQuery(teamSwissEventQueryOptions(id));

/** A round with its matches and boards: the page's round and the arbiter's results. */
export const useTeamRound = (id: number, number: number | null) =>
  useQuery({ queryKey: teamSwissKeys.round(id, number ?? 0), queryFn: () => getTeamRound(id, number ?? 0), enabled: Boolean(number) });
