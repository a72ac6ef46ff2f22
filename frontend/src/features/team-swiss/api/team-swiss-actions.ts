import { useMutation, useQueryClient } from '@tanstack/react-query';

import { writeBoard, writeEvent, writePairedRound, writeRound, writeSubmitted, writeTeam } from '@/features/team-swiss/api/cache-writes';
import { teamSwissKeys } from '@/features/team-swiss/api/team-swiss-keys';
import type { BoardResult, TeamInput, TeamSwissInput } from '@/features/team-swiss/types/team-swiss';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

/*
 * What each action writes into the cache: its answer (`api/cache-writes.ts`); others read it
 * at the `reload` ping. Nothing is invalidated but the team's list of events after a create or
 * an import.
 */

const event = (id: number) => ({ params: { path: { event_id: id } } });

export const createTeamSwiss = (input: TeamSwissInput) => unwrap(api.POST('/api/team-swiss/', { body: input }));

export const registerTeam = (id: number, input: TeamInput) => unwrap(api.POST('/api/team-swiss/{event_id}/teams/', { ...event(id), body: input }));

export const withdrawTeam = (id: number, tpn: number) =>
  unwrap(api.POST('/api/team-swiss/{event_id}/teams/{tpn}/withdraw/', { params: { path: { event_id: id, tpn } } }));

export const startNextRound = (id: number) => unwrap(api.POST('/api/team-swiss/{event_id}/start-next-round/', event(id)));

export const closeLineups = (id: number, number: number) =>
  unwrap(api.POST('/api/team-swiss/{event_id}/rounds/{number}/close-lineups/', { params: { path: { event_id: id, number } } }));

export const submitLineup = (id: number, number: number, tpn: number, players: (number | null)[]) =>
  unwrap(
    api.PUT('/api/team-swiss/{event_id}/rounds/{number}/lineups/{tpn}/', {
      params: { path: { event_id: id, number, tpn } },
      body: { players },
    }),
  );

export const setBoardResult = (id: number, number: number, table: number, board: number, result: BoardResult) =>
  unwrap(
    api.POST('/api/team-swiss/{event_id}/rounds/{number}/boards/{table}/{board}/result/', {
      params: { path: { event_id: id, number, table, board } },
      body: { result },
    }),
  );

/** A team TRF, multipart; the answer is the new event, or a 400 naming `file`. */
export const importTrf = (team: string, file: File) => {
  const body = new FormData();
  body.append('team', team);
  body.append('file', file);
  return unwrap(
    api.POST('/api/team-swiss/import/', {
      // The schema types the upload as a string; the browser sends the FormData as it is.
      body: body as unknown as components['schemas']['TeamSwissTrfImportApiInputRequest'],
      bodySerializer: (value) => value as unknown as FormData,
    }),
  );
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

/** The answer is the event's summary (no teams nor round): the event page reads the rest. */
export const useImportTrf = (team: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importTrf(team, file),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamSwissKeys.lists() }),
  });
};

/** The team joins the cached event at once; the event is read again for the viewer's fields (`viewer_captain_of`). */
export const useRegisterTeam = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TeamInput) => registerTeam(id, input),
    onSuccess: (team) => {
      writeTeam(queryClient, id, team);
      void queryClient.invalidateQueries({ queryKey: teamSwissKeys.detail(id) });
    },
  });
};

/** Final: the answer is the team, now `withdrawn`. */
export const useWithdrawTeam = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (tpn: number) => withdrawTeam(id, tpn), onSuccess: (team) => writeTeam(queryClient, id, team) });
};

/** The paired round (matches, no boards yet); others read it at the `reload` ping. */
export const useStartNextRound = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => startNextRound(id), onSuccess: (round) => writePairedRound(queryClient, id, round) });
};

/** The round with its boards; others read it at the `reload` ping. */
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

/** A player's report or a leader's result: the answer is the board; the match's score comes in `board_result`. */
export const useSetBoardResult = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ round, table, board, result }: ResultInput) => setBoardResult(id, round, table, board, result),
    onSuccess: (board, { round, table }) => writeBoard(queryClient, id, round, table, board),
  });
};
