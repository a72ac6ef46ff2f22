import type { QueryClient } from '@tanstack/react-query';

import { teamSwissKeys } from '@/lib/team-swiss/team-swiss-keys';
import type { Board, Match, TeamEntry, TeamRound, TeamSwissEvent } from '@/lib/team-swiss/types';

/*
 * The writers of the mutations' answers and of the socket's one fact (`board_result`); the
 * rest comes with the pages a `reload` ping reads again (docs/frontend.md, "How the cache is
 * updated").
 */

/** A round paired or started: the round's query, and the event's current round. */
export const writeRound = (queryClient: QueryClient, id: number, round: TeamRound): void => {
  queryClient.setQueryData<TeamRound>(teamSwissKeys.round(id, round.number), round);
  queryClient.setQueryData<TeamSwissEvent>(teamSwissKeys.detail(id), (event) =>
    event && event.current_round <= round.number
      ? { ...event, current_round: round.number, round, status: event.status === 'created' ? 'started' : event.status }
      : event,
  );
};

/**
 * A round just paired (the leader's answer). Pairing round 1 numbers the teams
 * by rating, so every tpn the cached event holds (its teams, the viewer's own team, the line-up
 * link) may be stale: its matches are not written into that event, which would mix the two
 * numberings (a captain's link led to another team's line-up, a 403), and the event is read
 * again whole. Later rounds keep the numbers and are written in place.
 */
export const writePairedRound = (queryClient: QueryClient, id: number, round: TeamRound): void => {
  if (round.number !== 1) {
    writeRound(queryClient, id, round);
    return;
  }
  queryClient.setQueryData<TeamRound>(teamSwissKeys.round(id, round.number), round);
  void queryClient.invalidateQueries({ queryKey: teamSwissKeys.detail(id) });
};

const withTpn = (round: TeamRound, tpn: number): TeamRound =>
  round.lineups_submitted.includes(tpn) ? round : { ...round, lineups_submitted: [...round.lineups_submitted, tpn] };

/** A captain submitted (their answer): only that they did; the line-up stays theirs. */
export const writeSubmitted = (queryClient: QueryClient, id: number, number: number, tpn: number): void => {
  queryClient.setQueryData<TeamRound>(teamSwissKeys.round(id, number), (round) => round && withTpn(round, tpn));
  queryClient.setQueryData<TeamSwissEvent>(teamSwissKeys.detail(id), (event) =>
    event?.round && event.round.number === number ? { ...event, round: withTpn(event.round, tpn) } : event,
  );
};

const roundWithMatch = (round: TeamRound, match: Match): TeamRound => {
  const matches = round.matches.map((old) => (old.table === match.table ? match : old));
  return { ...round, matches, status: matches.every((each) => each.complete) ? 'complete' : round.status };
};

/** A board's result (`board_result` or a result's answer): the match, boards and score, in its round. */
export const writeMatch = (queryClient: QueryClient, id: number, match: Match): void => {
  const number = match.round;
  queryClient.setQueryData<TeamRound>(teamSwissKeys.round(id, number), (round) => round && roundWithMatch(round, match));
  queryClient.setQueryData<TeamSwissEvent>(teamSwissKeys.detail(id), (event) =>
    event?.round && event.round.number === number ? { ...event, round: roundWithMatch(event.round, match) } : event,
  );
};

/** A newer version only: a push that overtook the answer is not undone by it. */
const roundWithBoard = (round: TeamRound, table: number, board: Board): TeamRound => ({
  ...round,
  matches: round.matches.map((match) =>
    match.table === table ? { ...match, boards: match.boards.map((old) => (old.board === board.board ? board : old)) } : match,
  ),
});

/** A result's answer: the one board (the match's score follows in `board_result`). */
export const writeBoard = (queryClient: QueryClient, id: number, number: number, table: number, board: Board): void => {
  queryClient.setQueryData<TeamRound>(teamSwissKeys.round(id, number), (round) => round && roundWithBoard(round, table, board));
  queryClient.setQueryData<TeamSwissEvent>(teamSwissKeys.detail(id), (event) =>
    event?.round && event.round.number === number ? { ...event, round: roundWithBoard(event.round, table, board) } : event,
  );
};

export const writeEvent = (queryClient: QueryClient, event: TeamSwissEvent): void => {
  queryClient.setQueryData(teamSwissKeys.detail(event.id), event);
};

/** A registered or edited team joins the event's teams, in pairing-number order. */
export const writeTeam = (queryClient: QueryClient, id: number, team: TeamEntry): void => {
  queryClient.setQueryData<TeamSwissEvent>(teamSwissKeys.detail(id), (event) =>
    event && {
      ...event,
      teams: [...event.teams.filter((old) => old.tpn !== team.tpn), team].sort((a, b) => a.tpn - b.tpn),
    },
  );
};
