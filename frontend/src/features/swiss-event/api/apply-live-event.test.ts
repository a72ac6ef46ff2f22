import { QueryClient } from '@tanstack/react-query';

import { applyLiveEvent, asLiveEvent } from '@/features/swiss-event/api/apply-live-event';
import { swissKeys } from '@/lib/swiss/swiss-keys';
import type { Round, RoundDetail, Standing, Tournament } from '@/lib/swiss/types';
import { buildPairing, buildRound, buildStanding, buildTournament, page } from '@/testing/data';
import type { Page } from '@/lib/page';

const ID = 7;

const seed = () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(swissKeys.detail(ID), buildTournament({ current_round: 1, standings_version: 3 }));
  queryClient.setQueryData(swissKeys.rounds(ID), [
    { number: 1, status: 'playing', started_at: null, completed_at: null, manual: false, engine: 'bbpPairings' },
  ]);
  queryClient.setQueryData(
    swissKeys.round(ID, 1),
    buildRound({
      pairings: [
        buildPairing({ id: 1, board: 1, white: 'alice', black: 'bob' }),
        buildPairing({ id: 2, board: 2, white: 'carol', black: 'dave' }),
      ],
    }),
  );
  queryClient.setQueryData(swissKeys.standingsPage(ID, 1), page([buildStanding({ username: 'alice' })], 120));
  queryClient.setQueryData(swissKeys.standingsPage(ID, 2), page([buildStanding({ username: 'page2' })], 120));
  return queryClient;
};

const isInvalid = (queryClient: QueryClient, key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;

describe('applyLiveEvent', () => {
  it('hello: leaves an up-to-date cache alone', () => {
    const queryClient = seed();
    applyLiveEvent(queryClient, ID, {
      event: 'hello',
      payload: { tournament: ID, status: 'running', current_round: 1, standings_version: 3, version: 3 },
    });
    expect(isInvalid(queryClient, swissKeys.detail(ID))).toBe(false);
    expect(isInvalid(queryClient, swissKeys.standingsPage(ID, 1))).toBe(false);
  });

  it('hello: refetches every query of the event when the server is ahead', () => {
    const queryClient = seed();
    applyLiveEvent(queryClient, ID, {
      event: 'hello',
      payload: { tournament: ID, status: 'running', current_round: 1, standings_version: 9, version: 9 },
    });
    for (const key of [swissKeys.detail(ID), swissKeys.rounds(ID), swissKeys.round(ID, 1), swissKeys.standingsPage(ID, 2)])
      expect(isInvalid(queryClient, key)).toBe(true);
  });

  it('hello: on a first visit (nothing cached yet) refetches nothing', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(swissKeys.standingsPage(ID, 1), page([buildStanding()]));
    applyLiveEvent(queryClient, ID, {
      event: 'hello',
      payload: { tournament: ID, status: 'running', current_round: 1, standings_version: 9, version: 9 },
    });
    expect(isInvalid(queryClient, swissKeys.standingsPage(ID, 1))).toBe(false);
  });

  it('round_start: stores the new round, lists it and moves the event to it', () => {
    const queryClient = seed();
    const pairings = [buildPairing({ id: 9, board: 1, white: 'bob', black: 'alice' })];
    applyLiveEvent(queryClient, ID, {
      event: 'round_start',
      payload: { ...buildRound({ number: 2, pairings, byes: [{ username: 'carol', kind: 'U', not_yet_joined: false }] }), round: 2 },
    });
    const round = queryClient.getQueryData<RoundDetail>(swissKeys.round(ID, 2));
    expect(round?.pairings).toEqual(pairings);
    expect(round?.byes).toEqual([{ username: 'carol', kind: 'U', not_yet_joined: false }]);
    expect(round).not.toHaveProperty('round');
    const rounds = queryClient.getQueryData<Round[]>(swissKeys.rounds(ID));
    expect(rounds?.map((r) => r.number)).toEqual([1, 2]);
    expect(rounds?.[1]).not.toHaveProperty('pairings');
    const tournament = queryClient.getQueryData<Tournament>(swissKeys.detail(ID));
    expect(tournament).toMatchObject({ current_round: 2, status: 'running', next_round_at: null });
    expect(isInvalid(queryClient, swissKeys.detail(ID))).toBe(false);
  });

  it('game_result: writes the boards’ results in place', () => {
    const queryClient = seed();
    applyLiveEvent(queryClient, ID, {
      event: 'game_result',
      payload: { version: 4, results: [{ ...buildPairing({ id: 1, board: 1, white: 'alice', black: 'bob', result: '1-0' }), round: 1 }] },
    });
    const round = queryClient.getQueryData<RoundDetail>(swissKeys.round(ID, 1));
    expect(round?.pairings.map((p) => p.result)).toEqual(['1-0', '']);
    // The round is still being played: nothing is read again.
    expect(isInvalid(queryClient, swissKeys.detail(ID))).toBe(false);
    expect(isInvalid(queryClient, swissKeys.round(ID, 1))).toBe(false);
  });

  it('game_result: a cleared (disputed) board loses its result; a completed round rereads the event', () => {
    const queryClient = seed();
    applyLiveEvent(queryClient, ID, {
      event: 'game_result',
      payload: {
        version: 5,
        results: [
          { ...buildPairing({ id: 1, white: 'alice', black: 'bob', result: '0-1' }), round: 1 },
          { ...buildPairing({ id: 2, board: 2, white: 'carol', black: 'dave', result: '1/2-1/2' }), round: 1 },
        ],
      },
    });
    expect(queryClient.getQueryData<RoundDetail>(swissKeys.round(ID, 1))?.pairings.map((p) => p.result)).toEqual(['0-1', '1/2-1/2']);
    expect(isInvalid(queryClient, swissKeys.detail(ID))).toBe(true);
    applyLiveEvent(queryClient, ID, {
      event: 'game_result',
      payload: { version: 6, results: [{ ...buildPairing({ id: 1, white: 'alice', black: 'bob', result: '', disputed: true }), round: 1 }] },
    });
    const board = queryClient.getQueryData<RoundDetail>(swissKeys.round(ID, 1))?.pairings[0];
    expect(board).toMatchObject({ result: '', disputed: true });
  });

  it('standings_update: replaces the first page and the version; later pages are read again', () => {
    const queryClient = seed();
    const standings = Array.from({ length: 50 }, (_, i) => buildStanding({ username: i === 0 ? 'bob' : `p${i}`, rank: i + 1 }));
    applyLiveEvent(queryClient, ID, { event: 'standings_update', payload: { version: 4, tiebreaks_after_round: 0, standings, hidden: false } });
    const first = queryClient.getQueryData<Page<Standing>>(swissKeys.standingsPage(ID, 1));
    expect(first?.results.map((row) => row.username).slice(0, 2)).toEqual(['bob', 'p1']);
    expect(first?.count).toBe(120);
    expect(queryClient.getQueryData<Tournament>(swissKeys.detail(ID))?.standings_version).toBe(4);
    expect(isInvalid(queryClient, swissKeys.standingsPage(ID, 1))).toBe(false);
    expect(isInvalid(queryClient, swissKeys.standingsPage(ID, 2))).toBe(true);
  });

  it('standings_update: carries the round the tie-breaks are after; an older push does not undo it', () => {
    const queryClient = seed();
    applyLiveEvent(queryClient, ID, { event: 'standings_update', payload: { version: 5, tiebreaks_after_round: 1, standings: [], hidden: false } });
    expect(queryClient.getQueryData<Tournament>(swissKeys.detail(ID))?.tiebreaks_after_round).toBe(1);
    applyLiveEvent(queryClient, ID, { event: 'standings_update', payload: { version: 4, tiebreaks_after_round: 0, standings: [], hidden: false } });
    expect(queryClient.getQueryData<Tournament>(swissKeys.detail(ID))?.tiebreaks_after_round).toBe(1);
  });

  it('standings_update: a short first page is the whole field, so a new entrant is counted', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(swissKeys.standingsPage(ID, 1), page([buildStanding({ username: 'alice' })]));
    const standings = [buildStanding({ username: 'alice' }), buildStanding({ username: 'newcomer', rank: null, rank_label: null })];
    applyLiveEvent(queryClient, ID, { event: 'standings_update', payload: { version: 2, tiebreaks_after_round: 0, standings, hidden: false } });
    const first = queryClient.getQueryData<Page<Standing>>(swissKeys.standingsPage(ID, 1));
    expect(first?.count).toBe(2);
    expect(first?.results.map((row) => row.username)).toEqual(['alice', 'newcomer']);
  });

  it('standings_update with hidden standings: keeps the rows it has and reads the viewer’s own again', () => {
    const queryClient = seed();
    applyLiveEvent(queryClient, ID, { event: 'standings_update', payload: { version: 4, tiebreaks_after_round: 0, standings: [], hidden: true } });
    const first = queryClient.getQueryData<Page<Standing>>(swissKeys.standingsPage(ID, 1));
    expect(first?.results.map((row) => row.username)).toEqual(['alice']);
    expect(isInvalid(queryClient, swissKeys.standingsPage(ID, 1))).toBe(true);
    expect(queryClient.getQueryData<Tournament>(swissKeys.detail(ID))?.standings_version).toBe(4);
  });

  it('standings_update without the team table (hidden standings): the team table is read again, not kept', () => {
    const queryClient = seed();
    const stale = [{ rank: 1, rank_last: 1, rank_label: '1', team: 'rooks', name: 'Rooks', points: '4.0', counted: ['cheat'], players: 2 }];
    queryClient.setQueryData(swissKeys.teamStandings(ID), stale);
    applyLiveEvent(queryClient, ID, { event: 'standings_update', payload: { version: 4, tiebreaks_after_round: 0, standings: [], hidden: true } });
    expect(isInvalid(queryClient, swissKeys.teamStandings(ID))).toBe(true);
    const fresh = [{ ...stale[0]!, points: '2.5', counted: ['anna'] }];
    applyLiveEvent(queryClient, ID, {
      event: 'standings_update',
      payload: { version: 5, tiebreaks_after_round: 0, standings: [], hidden: false, team_standings: fresh },
    });
    expect(queryClient.getQueryData(swissKeys.teamStandings(ID))).toEqual(fresh);
  });

  it('tournament_end: stores the final event and cuts the full standings into the cached pages', () => {
    const queryClient = seed();
    const standings = Array.from({ length: 120 }, (_, i) => buildStanding({ username: `p${i + 1}`, rank: i + 1 }));
    const final = buildTournament({ status: 'finished', current_round: 5, end_reason: 'all rounds played' });
    applyLiveEvent(queryClient, ID, { event: 'tournament_end', payload: { tournament: final, standings } });
    expect(queryClient.getQueryData(swissKeys.detail(ID))).toEqual(final);
    const first = queryClient.getQueryData<Page<Standing>>(swissKeys.standingsPage(ID, 1));
    const second = queryClient.getQueryData<Page<Standing>>(swissKeys.standingsPage(ID, 2));
    expect(first?.results).toHaveLength(50);
    expect(first?.results[0]?.username).toBe('p1');
    expect(second?.results[0]?.username).toBe('p51');
    expect(second?.count).toBe(120);
  });

  it('standings_update as one frame: applies its results, then its round start, then the standings', () => {
    const queryClient = seed();
    const pairings = [buildPairing({ id: 9, board: 1, white: 'bob', black: 'alice' })];
    applyLiveEvent(queryClient, ID, {
      event: 'standings_update',
      payload: {
        version: 6,
        tiebreaks_after_round: 0,
        standings: [buildStanding({ username: 'bob' })],
        hidden: false,
        results: [{ ...buildPairing({ id: 1, board: 1, white: 'alice', black: 'bob', result: '1-0' }), round: 1 }],
        round_start: { ...buildRound({ number: 2, pairings }), round: 2 },
      },
    });
    expect(queryClient.getQueryData<RoundDetail>(swissKeys.round(ID, 1))?.pairings.map((p) => p.result)).toEqual(['1-0', '']);
    expect(queryClient.getQueryData<RoundDetail>(swissKeys.round(ID, 2))?.pairings).toEqual(pairings);
    const tournament = queryClient.getQueryData<Tournament>(swissKeys.detail(ID));
    expect(tournament?.current_round).toBe(2);
    expect(tournament?.standings_version).toBe(6);
    expect(queryClient.getQueryData<Page<Standing>>(swissKeys.standingsPage(ID, 1))?.results[0]?.username).toBe('bob');
  });

  it('tournament_update: takes the pushed schedule, never an older round or standings version', () => {
    const queryClient = seed();
    const pushed = buildTournament({ current_round: 0, standings_version: 1, next_round_at: '2026-11-23T18:00:00Z' });
    applyLiveEvent(queryClient, ID, { event: 'tournament_update', payload: pushed });
    const tournament = queryClient.getQueryData<Tournament>(swissKeys.detail(ID));
    expect(tournament?.next_round_at).toBe('2026-11-23T18:00:00Z');
    expect(tournament?.current_round).toBe(1);
    expect(tournament?.standings_version).toBe(3);
  });
});

describe('asLiveEvent', () => {
  it('accepts the documented events and drops anything else', () => {
    expect(asLiveEvent({ event: 'standings_update', payload: { version: 1, standings: [] } })?.event).toBe('standings_update');
    expect(asLiveEvent({ event: 'tournament_update', payload: buildTournament() })?.event).toBe('tournament_update');
    expect(asLiveEvent({ event: 'players', payload: {} })).toBeNull();
    expect(asLiveEvent({ event: 'round_start', payload: null })).toBeNull();
  });
  it('prizes_update: writes the pushed prize table in place', () => {
    const queryClient = seed();
    const table = {
      sharing: 'hort' as const,
      final: true,
      prizes: [
        {
          id: 1,
          category: 'overall' as const,
          place: 1,
          amount: '100.00',
          label: '',
          rating_min: null,
          rating_max: null,
          born_from: null,
          born_before: null,
          winner: 'alice',
          received: '87.50',
          shared_with: ['bob'],
        },
      ],
    };
    const event = asLiveEvent({ event: 'prizes_update', payload: table });
    expect(event).not.toBeNull();
    if (event) applyLiveEvent(queryClient, ID, event);
    expect(queryClient.getQueryData(swissKeys.prizes(ID))).toEqual(table);
  });
});
