import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { writeTournament } from '@/lib/swiss/cache-writes';
import { getTournament } from '@/lib/swiss/get-tournament';
import { noNote, noteVersion, swissKeys } from '@/lib/swiss/swiss-keys';
import { api, unwrap } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import type { components } from '@/lib/api-types';

export type CoHost = components['schemas']['CoHostOutput'];
export type TeamStanding = components['schemas']['TeamStandingOutput'];
export type TeammatesCheck = components['schemas']['TeammatesCheckApiOutput'];

/*
 * Co-hosted events (docs/teams.md): the host's leaders invite and remove teams, the invited
 * team's leaders accept or decline, a host leader sets a player's team. The event's detail
 * (its `cohosts`) is read again after each; the team standings arrive with the standings push.
 */

const path = (id: number) => ({ params: { path: { tournament_id: id } } });
const teamPath = (id: number, team: string) => ({ params: { path: { tournament_id: id, team } } });

const noContent = async (request: Promise<{ error?: unknown; response: Response }>): Promise<void> => {
  const { error, response } = await request;
  if (!response.ok) throw ApiError.from(response.status, error);
};

export const inviteCohost = (id: number, team: string) =>
  unwrap(api.POST('/api/tournaments/swiss/{tournament_id}/cohosts/', { ...path(id), body: { team } }));

export const removeCohost = (id: number, team: string) =>
  noContent(api.DELETE('/api/tournaments/swiss/{tournament_id}/cohosts/{team}/', teamPath(id, team)));

export const acceptCohost = (id: number, team: string) =>
  unwrap(api.POST('/api/tournaments/swiss/{tournament_id}/cohosts/{team}/accept/', teamPath(id, team)));

export const declineCohost = (id: number, team: string) =>
  noContent(api.POST('/api/tournaments/swiss/{tournament_id}/cohosts/{team}/decline/', teamPath(id, team)));

export const setPlayerTeam = (id: number, player: string, team: string) =>
  unwrap(api.POST('/api/tournaments/swiss/{tournament_id}/player-team/', { ...path(id), body: { player, team } }));

export const checkTeammates = (id: number, rounds: number | null) =>
  unwrap(
    api.POST('/api/tournaments/swiss/{tournament_id}/teammates-check/', {
      ...path(id),
      body: { teammates_do_not_meet: true, teammates_rounds: rounds },
    }),
  );

export const getTeamStandings = (id: number, note = noNote) =>
  unwrap(api.GET('/api/tournaments/swiss/{tournament_id}/team-standings/', path(id)).then(note));

export const teamStandingsQueryOptions = (id: number) =>
  queryOptions({ queryKey: swissKeys.teamStandings(id), queryFn: (context) => getTeamStandings(id, noteVersion(context)) });

/** The team standings; read again with the event's pages at each `reload` ping. */
export const useTeamStandings = (id: number) => useQuery(teamStandingsQueryOptions(id));

type CohostChange = { invite: string } | { remove: string } | { accept: string } | { decline: string } | { player: string; team: string };

/** One co-host action; the event is read again (its `cohosts` list, pushed to others). */
export const useCohostChange = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: CohostChange): Promise<void> => {
      if ('invite' in change) await inviteCohost(id, change.invite);
      else if ('remove' in change) await removeCohost(id, change.remove);
      else if ('accept' in change) await acceptCohost(id, change.accept);
      else if ('decline' in change) await declineCohost(id, change.decline);
      else await setPlayerTeam(id, change.player, change.team);
    },
    onSuccess: async () => {
      writeTournament(queryClient, await getTournament(id, noteVersion({ client: queryClient, queryKey: swissKeys.detail(id) })));
      void queryClient.invalidateQueries({ queryKey: swissKeys.teamStandings(id) });
      void queryClient.invalidateQueries({ queryKey: swissKeys.allStandings(id) });
      void queryClient.invalidateQueries({ queryKey: swissKeys.lists() });
    },
  });
};

/** The pairing engine's answer for the next round with teammates kept apart (nothing stored). */
export const useTeammatesCheck = (id: number) => useMutation({ mutationFn: (rounds: number | null) => checkTeammates(id, rounds) });

/** How many teams the co-host search shows: a name narrows it, no list to page through. */
export const TEAM_SEARCH_SIZE = 8;

/** Teams whose name contains `search` (any case, any script), by name: the co-host picker. */
export const searchTeams = (search: string) =>
  unwrap(api.GET('/api/teams/', { params: { query: { search, page_size: TEAM_SEARCH_SIZE } } }));

export const useTeamSearch = (search: string) =>
  useQuery({ queryKey: swissKeys.teamSearch(search), queryFn: () => searchTeams(search), enabled: search.length > 0, placeholderData: keepPreviousData });

/** The signed-in user's teams (slugs): a co-hosted event's join form offers only the event's
 * teams among them, as the server accepts only those (400 on `team`). */
export const useMyTeamSlugs = (enabled: boolean) =>
  useQuery({
    queryKey: swissKeys.myTeams(),
    queryFn: async () =>
      (await unwrap(api.GET('/api/teams/', { params: { query: { mine: true, page_size: 200 } } }))).results.map((team) => team.slug),
    enabled,
  });

/** The events a team is invited to co-host, or co-hosts. */
export const useCohostInvitations = (team: string) =>
  useQuery({
    queryKey: swissKeys.list({ cohost: team }),
    queryFn: () => unwrap(api.GET('/api/tournaments/swiss/', { params: { query: { cohost: team, page_size: 50 } } })),
  });
