import { queryOptions, useQuery } from '@tanstack/react-query';

import { swissKeys } from '@/lib/swiss/swiss-keys';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type TournamentStatus = 'scheduled' | 'running' | 'finished' | 'cancelled';
/** `club`: the events a team hosts or co-hosts (its page); `team`: those it hosts. */
type TournamentFilters = { status?: TournamentStatus; team?: string; club?: string; pageSize?: number };

export const getTournaments = async ({ status, team, club, pageSize }: TournamentFilters) =>
  unwrap(api.GET('/api/tournaments/swiss/', { params: { query: { status, team, club, page_size: pageSize } } }));

export const tournamentsQueryOptions = (filters: TournamentFilters) =>
  queryOptions({ queryKey: swissKeys.list(filters), queryFn: () => getTournaments(filters) });

export const useTournaments = (filters: TournamentFilters) => useQuery(tournamentsQueryOptions(filters));

/** A team Swiss event as the lobby lists it (docs/team-swiss.md). */
export type LobbyTeamEvent = components['schemas']['TeamSwissEventOutput'];
type LobbyStatus = Exclude<TournamentStatus, 'cancelled'>;

/** The lobby's sections by the team events' own statuses: a team Swiss is `created` until round 1. */
const TEAM_STATUS = { running: 'started', scheduled: 'created', finished: 'finished' } as const;

export const getTeamLobby = (status: LobbyStatus, pageSize: number) =>
  unwrap(api.GET('/api/team-swiss/', { params: { query: { status: [TEAM_STATUS[status]], page_size: pageSize } } }));

/** The team Swiss events of one lobby section (the lobby only: a team page lists its own apart). */
export const useTeamLobby = (status: LobbyStatus, pageSize: number, enabled: boolean) =>
  useQuery({ queryKey: swissKeys.teamLobby({ status, pageSize }), queryFn: () => getTeamLobby(status, pageSize), enabled });
