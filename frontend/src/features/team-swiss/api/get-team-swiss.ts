import { queryOptions, useQuery } from '@tanstack/react-query';

import { looseApi } from '@/features/team-swiss/api/temporary-client';
import { teamSwissKeys } from '@/features/team-swiss/api/team-swiss-keys';
import type { BoardScore, CrosstableRow, Lineup, TeamRound, TeamStandings, TeamSwissEvent, TeamSwissEventSummary } from '@/features/team-swiss/types/team-swiss';
import { unwrap } from '@/lib/api-client';
import type { Page } from '@/lib/page';

const base = (id: number) => `/api/team-swiss/${id}`;

export const getTeamSwissEvents = (team: string) =>
  unwrap(looseApi.GET('/api/team-swiss/', { params: { query: { team } } })) as Promise<Page<TeamSwissEventSummary>>;

export const getTeamSwissEvent = (id: number) => unwrap(looseApi.GET(`${base(id)}/`)) as Promise<TeamSwissEvent>;

export const getTeamRound = (id: number, number: number) => unwrap(looseApi.GET(`${base(id)}/rounds/${number}/`)) as Promise<TeamRound>;

export const getTeamStandings = (id: number) => unwrap(looseApi.GET(`${base(id)}/standings/`)) as Promise<TeamStandings>;

export const getCrosstable = (id: number) => unwrap(looseApi.GET(`${base(id)}/crosstable/`)) as Promise<CrosstableRow[]>;

export const getBoardScores = (id: number) => unwrap(looseApi.GET(`${base(id)}/board-scores/`)) as Promise<BoardScore[]>;

export const getLineup = (id: number, round: number, tpn: number) =>
  unwrap(looseApi.GET(`${base(id)}/rounds/${round}/lineups/${tpn}/`)) as Promise<Lineup>;

/** The team's events, newest first (the team page). */
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

