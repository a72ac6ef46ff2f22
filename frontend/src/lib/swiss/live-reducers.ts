import { STANDINGS_PAGE_SIZE } from '@/lib/swiss/swiss-keys';
import type { LiveEvent, Pairing, Participant, Round, RoundDetail, Standing, Tournament } from '@/lib/swiss/types';
import type { Page } from '@/lib/page';

/**
 * Pure updates of cached query data, by a live event or a mutation's answer. Each takes what the
 * cache holds (possibly nothing) and the new state, and returns the new data without mutating.
 */

type Payload<E extends LiveEvent['event']> = Extract<LiveEvent, { event: E }>['payload'];

export const replacePairing = (detail: RoundDetail | undefined, pairing: Pairing): RoundDetail | undefined =>
  detail && {
    ...detail,
    pairings: detail.pairings.map((board) => (board.id === pairing.id ? { ...board, ...pairing } : board)),
  };

/** game_result: the boards of one round take their new results. */
export const roundWithResults = (
  detail: RoundDetail | undefined,
  results: Payload<'game_result'>['results'],
): RoundDetail | undefined => {
  if (!detail) return detail;
  const forRound = results.filter((result) => result.round === detail.number);
  return forRound.reduce<RoundDetail | undefined>((acc, { round: _round, ...pairing }) => replacePairing(acc, pairing), detail);
};

export const roundIsComplete = (detail: RoundDetail | undefined): boolean =>
  Boolean(detail && detail.pairings.length > 0 && detail.pairings.every((board) => board.result !== ''));

/** round_start (or a round paired by hand): the new round joins the list (or replaces a repaired one). */
export const roundsWithStarted = (rounds: Round[] | undefined, detail: RoundDetail): Round[] | undefined => {
  if (!rounds) return rounds;
  const { pairings: _pairings, byes: _byes, ...round } = detail;
  return [...rounds.filter((known) => known.number !== round.number), round].sort((a, b) => a.number - b.number);
};

export const roundDetailOf = (payload: Payload<'round_start'>): RoundDetail => {
  const { round: _round, ...detail } = payload;
  return detail;
};

/** round_start: the event is running that round and no round is due any more. */
export const tournamentWithRound = (tournament: Tournament | undefined, number: number, startedAt: string | null = null): Tournament | undefined =>
  tournament && {
    ...tournament,
    status: 'running',
    current_round: Math.max(tournament.current_round, number),
    next_round_at: null,
    // Round 1's start is the event's actual start (the header's "Started …").
    started_at: tournament.started_at ?? (number === 1 ? startedAt : null),
  };

/** standings_update: the push carries the first page (a short one is the whole field, so its
 * length is the count: someone joined or left). */
export const firstPageWith = (page: Page<Standing> | undefined, standings: Standing[]): Page<Standing> => {
  const results = standings.slice(0, STANDINGS_PAGE_SIZE);
  if (standings.length < STANDINGS_PAGE_SIZE || !page) return { count: results.length, next: page?.next ?? null, previous: null, results };
  return { ...page, results, count: Math.max(page.count, standings.length) };
};

export const tournamentWithVersion = (
  tournament: Tournament | undefined,
  version: number,
  tiebreaksAfterRound?: number,
): Tournament | undefined => {
  if (!tournament) return tournament;
  const newer = version >= tournament.standings_version && tiebreaksAfterRound !== undefined;
  return {
    ...tournament,
    standings_version: Math.max(tournament.standings_version, version),
    tiebreaks_after_round: newer ? tiebreaksAfterRound : tournament.tiebreaks_after_round,
  };
};

/** tournament_update: the pushed detail, but never a round or a standings version older than
 * one already heard (a round_start or standings_update may overtake it). */
export const tournamentUpdated = (tournament: Tournament | undefined, pushed: Tournament): Tournament =>
  tournament
    ? {
        ...pushed,
        current_round: Math.max(tournament.current_round, pushed.current_round),
        standings_version: Math.max(tournament.standings_version, pushed.standings_version),
      }
    : pushed;

/** tournament_end: the full final standings, cut into the pages the table reads. */
export const pageOfFinal = (page: Page<Standing> | undefined, pageNumber: number, standings: Standing[]): Page<Standing> => {
  const start = (pageNumber - 1) * STANDINGS_PAGE_SIZE;
  return {
    count: standings.length,
    next: page?.next && start + STANDINGS_PAGE_SIZE < standings.length ? page.next : null,
    previous: page?.previous ?? null,
    results: standings.slice(start, start + STANDINGS_PAGE_SIZE),
  };
};

/** hello: whether what the cache holds is older than the server's state (nothing held: the
 * first reads are under way and nothing is behind). */
export const isBehind = (tournament: Tournament | undefined, hello: Payload<'hello'>): boolean =>
  tournament !== undefined &&
  (tournament.standings_version !== hello.standings_version ||
  tournament.current_round !== hello.current_round ||
    tournament.status !== hello.status);

/** A player's entry as a join, withdrawal or rejoin answered it: their rows take its status, and
 * null (an entry removed before the start) takes them away. */
export const rowsWithEntry = (rows: Standing[], username: string, participant: Participant | null): Standing[] =>
  participant
    ? rows.map((row) =>
        row.username === username
          ? { ...row, status: participant.status, pause_reason: participant.pause_reason, checked_in: participant.checked_in_at != null }
          : row,
      )
    : rows.filter((row) => row.username !== username);

export const pageWithEntry = (
  page: Page<Standing> | undefined,
  username: string,
  participant: Participant | null,
): Page<Standing> | undefined => {
  if (!page) return page;
  const results = rowsWithEntry(page.results, username, participant);
  return { ...page, results, count: page.count - (page.results.length - results.length) };
};

/** An entry created (+1) or removed (-1): the head count the event's header shows. */
export const tournamentWithEntries = (tournament: Tournament | undefined, change: number): Tournament | undefined =>
  tournament && { ...tournament, participant_count: Math.max(0, tournament.participant_count + change) };
