import { useMutation, useQueryClient } from '@tanstack/react-query';

import { writeBoard, writeEvent, writeRound, writeSubmitted, writeTeam } from '@/features/team-swiss/api/cache-writes';
import { looseApi } from '@/features/team-swiss/api/temporary-client';
import { teamSwissKeys } from '@/features/team-swiss/api/team-swiss-keys';
import type { BoardResult } from '@/features/team-swiss/types/display';
import type { Board, Lineup, Points, TeamEntry, TeamRound, TeamSwissEvent } from '@/features/team-swiss/types/team-swiss';
import { unwrap } from '@/lib/api-client';

/*
 * What each action writes into the cache: its answer, through the writers the pushes use;
 * nothing is invalidated but the team's list of events after a create or an import.
 */

const base = (id: number) => `/api/team-swiss/${id}`;

export type TeamSwissInput = {
  team: string;
  name: string;
  boards: number;
  num_rounds: number;
  colour_model: TeamSwissEvent['colour_model'];
  primary_score: TeamSwissEvent['primary_score'];
  match_points: Points;
  game_points: Points;
  tiebreaks?: string[];
  initial_colour: TeamSwissEvent['initial_colour'];
  lineup_minutes: number;
  starts_at: string | null;
  description: string;
};

export type TeamInput = { name: string; captain?: string; players: { username?: string; name?: string; rating?: number | null }[] };

export const createTeamSwiss = (input: TeamSwissInput) => unwrap(looseApi.POST('/api/team-swiss/', { body: input })) as Promise<TeamSwissEvent>;

export const registerTeam = (id: number, input: TeamInput) => unwrap(looseApi.POST(`${base(id)}/teams/`, { body: input })) as Promise<TeamEntry>;

export const startNextRound = (id: number) => unwrap(looseApi.POST(`${base(id)}/start-next-round/`)) as Promise<TeamRound>;

export const closeLineups = (id: number, round: number) =>
  unwrap(looseApi.POST(`${base(id)}/rounds/${round}/close-lineups/`)) as Promise<TeamRound>;

export const submitLineup = (id: number, round: number, tpn: number, players: (number | null)[]) =>
  unwrap(looseApi.PUT(`${base(id)}/rounds/${round}/lineups/${tpn}/`, { body: { players } })) as Promise<Lineup>;

export const setBoardResult = (id: number, round: number, table: number, board: number, result: BoardResult) =>
  unwrap(looseApi.POST(`${base(id)}/rounds/${round}/boards/${table}/${board}/result/`, { body: { result } })) as Promise<Board>;

export const importTrf = async (team: string, file: File): Promise<TeamSwissEvent> => {
  const body = new FormData();
  body.append('team', team);
  body.append('file', file);
  return unwrap(looseApi.POST('/api/team-swiss/import/', { body })) as Promise<TeamSwissEvent>;
};

export const useCreateTeamSwiss = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeamSwiss,
    onSuccess: (event) => {
      writeEvent(queryClient, event);
      void queryClient.invalidateQueries({ queryKey: teamSwissKeys.lists() });
    },
  });
};

export const useImportTrf = (team: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importTrf(team, file),
    onSuccess: (event) => {
      writeEvent(queryClient, event);
      void queryClient.invalidateQueries({ queryKey: teamSwissKeys.lists() });
    },
  });
};

export const useRegisterTeam = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: TeamInput) => registerTeam(id, input), onSuccess: (team) => writeTeam(queryClient, id, team) });
};

/** The paired round (matches, no boards yet), written as `round_paired` writes it. */
export const useStartNextRound = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => startNextRound(id), onSuccess: (round) => writeRound(queryClient, id, round) });
};

/** The round with its boards, written as `round_start` writes it. */
export const useCloseLineups = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (round: number) => closeLineups(id, round), onSuccess: (round) => writeRound(queryClient, id, round) });
};

export const useSubmitLineup = (id: number, round: number, tpn: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (players: (number | null)[]) => submitLineup(id, round, tpn, players),
    onSuccess: (lineup) => {
      queryClient.setQueryData(teamSwissKeys.lineup(id, round, tpn), lineup);
      writeSubmitted(queryClient, id, round, tpn);
    },
  });
};

type ResultInput = { round: number; table: number; board: number; result: BoardResult };

/** A player's report or a leader's result: the answer is the board; the match's score comes in the push. */
export const useSetBoardResult = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ round, table, board, result }: ResultInput) => setBoardResult(id, round, table, board, result),
    onSuccess: (board, { round, table }) => writeBoard(queryClient, id, round, table, board),
  });
};
