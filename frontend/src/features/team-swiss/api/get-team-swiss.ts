import { queryOptions, useQuery } from '@tanstack/react-query';

import { teamSwissKeys } from '@/features/team-swiss/api/team-swiss-keys';
import { api, unwrap } from '@/lib/api-client';

const event = (id: number) => ({ params: { path: { event_id: id } } });

/** The events a team hosts or plays in (`club`: a registered team captained by one of its members). */
export const getTeamSwissEvents = (team: string) => unwrap(api.GET('/api/team-swiss/', { params: { query: { club: team } } }));

export const getTeamSwissEvent = (id: number) => unwrap(api.GET('/api/team-swiss/{event_id}/', event(id)));

export const getTeamRound = (id: number, number: number) =>
  unwrap(api.GET('/api/team-swiss/{event_id}/rounds/{number}/', { params: { path: { event_id: id, number } } }));

export const getTeamStandings = (id: number) => unwrap(api.GET('/api/team-swiss/{event_id}/standings/', event(id)));

export const getCrosstable = (id: number) => unwrap(api.GET('/api/team-swiss/{event_id}/crosstable/', event(id)));

export const getBoardScores = (id: number) => unwrap(api.GET('/api/team-swiss/{event_id}/board-scores/', event(id)));

export const getLineup = (id: number, number: number, tpn: number) =>
  unwrap(api.GET('/api/team-swiss/{event_id}/rounds/{number}/lineups/{tpn}/', { params: { path: { event_id: id, number, tpn } } }));

/** The events the team hosts or plays in, newest first (the team page). */
export const useTeamSwissEvents = (team: string) =>
  useQuery({ queryKey: teamSwissKeys.list(team), queryFn: () => getTeamSwissEvents(team) });

export const teamSwissEventQueryOptions = (id: number) =>
  queryOptions({ queryKey: teamSwissKeys.detail(id), queryFn: () => getTeamSwissEvent(id) });

export const useTeamSwissEvent = (id: number) => useQuery(teamSwissEventQueryOptions(id));

export const useTeamRound = (id: number, number: number | null) =>
  useQuery({ queryKey: teamSwissKeys.round(id, number ?? 0), queryFn: () => getTeamRound(id, number ?? 0), enabled: Boolean(number) });

export const useTeamStandings = (id: number) => useQuery({ queryKey: teamSwissKeys.standings(id), queryFn: () => getTeamStandings(id) });

export const useCrosstable = (id: number) => useQuery({ queryKey: teamSwissKeys.crosstable(id), queryFn: () => getCrosstable(id) });

export const useBoardScores = (id: number) => useQuery({ queryKey: teamSwissKeys.boardScores(id), queryFn: () => getBoardScores(id) });

/** The team's line-up as submitted, or the default (its first N squad players) until then. */
export const useLineup = (id: number, round: number, tpn: number, enabled: boolean) =>
  useQuery({ queryKey: teamSwissKeys.lineup(id, round, tpn), queryFn: () => getLineup(id, round, tpn), enabled });
