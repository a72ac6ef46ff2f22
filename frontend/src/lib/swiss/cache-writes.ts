import type { QueryClient } from '@tanstack/react-query';

import {
  pageWithEntry,
  replacePairing,
  roundWithResults,
  roundsWithStarted,
  rowsWithEntry,
  tournamentUpdated,
  tournamentWithEntries,
  tournamentWithRound,
} from '@/lib/swiss/live-reducers';
import { swissKeys } from '@/lib/swiss/swiss-keys';
import type { LiveEvent, MyEntry, Pairing, Participant, Round, RoundDetail, Standing, Tournament } from '@/lib/swiss/types';
import type { Page } from '@/lib/page';

/**
 * Writes of new state into an event's cached queries, shared by the socket's facts (a board's
 * result) and the mutations' answers: an answer and the fact that follows it write alike; the
 * rest comes with the pages a `reload` ping reads again (docs/frontend.md,
 * "How the cache is updated").
 */

/** A round paired (by the engine or by hand): its boards, the list of rounds, the event's round. */
export const writeRoundStart = (queryClient: QueryClient, id: number, detail: RoundDetail): void => {
  queryClient.setQueryData<RoundDetail>(swissKeys.round(id, detail.number), detail);
  queryClient.setQueryData<Round[]>(swissKeys.rounds(id), (rounds) => roundsWithStarted(rounds, detail));
  queryClient.setQueryData<Tournament>(swissKeys.detail(id), (tournament) => tournamentWithRound(tournament, detail.number, detail.started_at));
};

/** One board of round `round` with its new result. */
export const writeBoard = (queryClient: QueryClient, id: number, round: number, pairing: Pairing): void => {
  queryClient.setQueryData<RoundDetail>(swissKeys.round(id, round), (detail) => replacePairing(detail, pairing));
};

/** Boards with their new results (`game_result`), each into its round; the rounds written. */
export const writeResults = (
  queryClient: QueryClient,
  id: number,
  results: Extract<LiveEvent, { event: 'game_result' }>['payload']['results'],
): Set<number> => {
  const rounds = new Set(results.map((result) => result.round));
  for (const number of rounds)
    queryClient.setQueryData<RoundDetail>(swissKeys.round(id, number), (detail) => roundWithResults(detail, results));
  return rounds;
};

/** The event's detail, never taking it back to an older round or standings version. */
export const writeTournament = (queryClient: QueryClient, tournament: Tournament): void => {
  queryClient.setQueryData<Tournament>(swissKeys.detail(tournament.id), (cached) => tournamentUpdated(cached, tournament));
};

/**
 * A player's entry as an answer gave it (null: removed before the start), in every cached row of
 * theirs and in their own-entry lookups; `created` for a join. The standings' order and points
 * come with the push.
 */
export const writeEntry = (
  queryClient: QueryClient,
  id: number,
  username: string,
  participant: Participant | null,
  { created = false } = {},
): void => {
  queryClient.setQueriesData<Page<Standing>>({ queryKey: swissKeys.standings(id) }, (page) => pageWithEntry(page, username, participant));
  queryClient.setQueriesData<Standing[]>({ queryKey: swissKeys.allStandings(id) }, (rows) => rows && rowsWithEntry(rows, username, participant));
  queryClient.setQueriesData<MyEntry | null>({ queryKey: swissKeys.entriesOf(id, username) }, (entry) => participant && { ...entry, ...participant, checked_in: participant.checked_in_at != null });
  if (created || !participant)
    queryClient.setQueryData<Tournament>(swissKeys.detail(id), (tournament) => tournamentWithEntries(tournament, created ? 1 : -1));
};
