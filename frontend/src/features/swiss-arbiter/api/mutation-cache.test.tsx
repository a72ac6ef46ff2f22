import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';

import {
  useForbiddenPairChange,
  useLiftBan,
  usePairManually,
  usePlayerStatus,
  useStartNextRound,
  type Ban,
  type ForbiddenPair,
} from '@/features/swiss-arbiter/api/arbiter-actions';
import { useRecordResult } from '@/lib/swiss/record-result';
import { swissKeys } from '@/lib/swiss/swiss-keys';
import type { Round, RoundDetail, Standing, Tournament } from '@/lib/swiss/types';
import type { Page } from '@/lib/page';
import { buildPairing, buildRound, buildStanding, buildTournament, page } from '@/testing/data';
import { server } from '@/testing/msw-server';
import { createTestQueryClient } from '@/testing/render-with-providers';

/**
 * How a mutation updates the cache (docs/frontend.md, "How the cache is updated"): each writes
 * what its answer carries and leaves the rest to the push; none refetches the event.
 */

const BASE = 'http://localhost/api/tournaments/swiss/7';
const ID = 7;

const board1 = buildPairing({ id: 100, board: 1, white: 'alice', black: 'bob', result: '1-0', white_report: '1-0' });
const board2 = buildPairing({ id: 101, board: 2, white: 'carol', black: 'dave' });

/** An event in round 1 as its page holds it: the event, the round, two standings pages, the full list. */
const seed = () => {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(swissKeys.detail(ID), buildTournament({ current_round: 1, standings_version: 3, participant_count: 4 }));
  queryClient.setQueryData<Round[]>(swissKeys.rounds(ID), [
    { number: 1, status: 'playing', started_at: null, completed_at: null, manual: false, engine: 'bbpPairings' },
  ]);
  queryClient.setQueryData(swissKeys.round(ID, 1), buildRound({ pairings: [board1, board2] }));
  const rows = ['alice', 'bob', 'carol', 'dave'].map((username, index) => buildStanding({ username, rank: index + 1 }));
  queryClient.setQueryData(swissKeys.standingsPage(ID, 1), page(rows.slice(0, 2), 4));
  queryClient.setQueryData(swissKeys.standingsPage(ID, 2), page(rows.slice(2), 4));
  queryClient.setQueryData(swissKeys.allStandingsAt(ID, 3), rows);
  queryClient.setQueryData<Ban[]>(swissKeys.bans(ID), [{ username: 'erin', banned_until: '2026-11-30T18:00:00Z' }]);
  return queryClient;
};

const invalidated = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey);

/** Every request the hooks send: a mutation's own POST, and nothing read again. */
const requests: string[] = [];
beforeEach(() => {
  requests.length = 0;
  document.cookie = 'csrftoken=token123; path=/';
  server.events.on('request:start', ({ request }) => requests.push(`${request.method} ${new URL(request.url).pathname}`));
});
afterEach(() => server.events.removeAllListeners());

const hook = <T,>(queryClient: QueryClient, use: () => T) =>
  renderHook(use, { wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider> }).result;

const statusOf = (rows: Standing[] | undefined) => rows?.map((row) => `${row.username}:${row.status}`);

describe('a result (a player reports, or the arbiter sets or corrects)', () => {
  it("writes the answer's board into the round and leaves the standings to the push: nothing is invalidated or read", async () => {
    const queryClient = seed();
    server.use(http.post(`${BASE}/pairings/100/result/`, () => HttpResponse.json({ ...board1, result: '1/2-1/2' })));
    const result = hook(queryClient, () => useRecordResult(ID, 1));
    await result.current.mutateAsync({ pairingId: 100, result: '1/2-1/2' });
    const boards = queryClient.getQueryData<RoundDetail>(swissKeys.round(ID, 1))?.pairings;
    expect(boards?.map((board) => board.result)).toEqual(['1/2-1/2', '']);
    expect(invalidated(queryClient)).toEqual([]);
    expect(requests).toEqual(['POST /api/tournaments/swiss/7/pairings/100/result/']);
  });

  it('a no-show also bans the player: the bans list, which neither the answer nor a push carries, is read again', async () => {
    const queryClient = seed();
    server.use(
      http.post(`${BASE}/pairings/101/result/`, () => HttpResponse.json({ ...board2, result: '-+', no_show: 'white' })),
      http.get(`${BASE}/bans/`, () => HttpResponse.json([])),
    );
    const result = hook(queryClient, () => useRecordResult(ID, 1));
    await result.current.mutateAsync({ pairingId: 101, result: '-+', noShow: 'white' });
    expect(queryClient.getQueryData<RoundDetail>(swissKeys.round(ID, 1))?.pairings[1]?.no_show).toBe('white');
    expect(invalidated(queryClient)).toEqual([swissKeys.bans(ID)]);
  });
});

describe("a leader's actions", () => {
  it('starting the next round writes the answer as the round_start push would: its boards, the list of rounds, the event', async () => {
    const queryClient = seed();
    const round2 = buildRound({ number: 2, pairings: [buildPairing({ id: 200, white: 'bob', black: 'carol' })] });
    server.use(http.post(`${BASE}/start-next-round/`, () => HttpResponse.json(round2, { status: 201 })));
    const start = hook(queryClient, () => useStartNextRound(ID));
    await start.current.mutateAsync();
    expect(queryClient.getQueryData(swissKeys.round(ID, 2))).toEqual(round2);
    expect(queryClient.getQueryData<Round[]>(swissKeys.rounds(ID))?.map((round) => round.number)).toEqual([1, 2]);
    expect(queryClient.getQueryData<Tournament>(swissKeys.detail(ID))?.current_round).toBe(2);
    expect(invalidated(queryClient)).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it('starting when no pairing exists: the answer is the finished event', async () => {
    const queryClient = seed();
    const finished = buildTournament({ status: 'finished', current_round: 1, standings_version: 3, end_reason: 'no valid pairing' });
    server.use(http.post(`${BASE}/start-next-round/`, () => HttpResponse.json(finished)));
    const start = hook(queryClient, () => useStartNextRound(ID));
    await start.current.mutateAsync();
    expect(queryClient.getQueryData<Tournament>(swissKeys.detail(ID))?.status).toBe('finished');
    expect(invalidated(queryClient)).toEqual([]);
  });

  it("withdrawing a player writes the answer's status into their rows (pages and full list); reinstating, back", async () => {
    const queryClient = seed();
    const answer = (status: string) => HttpResponse.json({ username: 'carol', rating: 1500, status, joined_after_round: 0 });
    server.use(
      http.post(`${BASE}/players/carol/withdraw/`, () => answer('paused')),
      http.post(`${BASE}/players/carol/reinstate/`, () => answer('active')),
    );
    const change = hook(queryClient, () => usePlayerStatus(ID));
    await change.current.mutateAsync({ username: 'carol', withdraw: true });
    expect(statusOf(queryClient.getQueryData<Page<Standing>>(swissKeys.standingsPage(ID, 2))?.results)).toEqual(['carol:paused', 'dave:active']);
    expect(statusOf(queryClient.getQueryData<Standing[]>(swissKeys.allStandingsAt(ID, 3)))).toContain('carol:paused');
    await change.current.mutateAsync({ username: 'carol', withdraw: false });
    expect(statusOf(queryClient.getQueryData<Standing[]>(swissKeys.allStandingsAt(ID, 3)))).toContain('carol:active');
    expect(queryClient.getQueryData<Tournament>(swissKeys.detail(ID))?.participant_count).toBe(4);
    expect(invalidated(queryClient)).toEqual([]);
  });

  it('a withdrawal before the start (204) takes the entry out of the rows and the head count', async () => {
    const queryClient = seed();
    server.use(http.post(`${BASE}/players/bob/withdraw/`, () => new HttpResponse(null, { status: 204 })));
    const change = hook(queryClient, () => usePlayerStatus(ID));
    await change.current.mutateAsync({ username: 'bob', withdraw: true });
    const first = queryClient.getQueryData<Page<Standing>>(swissKeys.standingsPage(ID, 1));
    expect(statusOf(first?.results)).toEqual(['alice:active']);
    expect(first?.count).toBe(3);
    expect(queryClient.getQueryData<Standing[]>(swissKeys.allStandingsAt(ID, 3))).toHaveLength(3);
    expect(queryClient.getQueryData<Tournament>(swissKeys.detail(ID))?.participant_count).toBe(3);
  });

  it('a hand-made pairing writes the stored round, as the round_start push would', async () => {
    const queryClient = seed();
    queryClient.setQueryData(swissKeys.pairingProposal(ID, '1-4-1'), { round: 2, boards: [], bye: null, replaces_current: false });
    const stored = buildRound({ number: 2, manual: true, pairings: [buildPairing({ id: 200 })] });
    server.use(http.post(`${BASE}/manual-pairings/`, () => HttpResponse.json(stored, { status: 201 })));
    const pair = hook(queryClient, () => usePairManually(ID));
    await pair.current.mutateAsync({ boards: [{ white: 'alice', black: 'bob' }], bye: null });
    expect(queryClient.getQueryData(swissKeys.round(ID, 2))).toEqual(stored);
    expect(queryClient.getQueryData<Tournament>(swissKeys.detail(ID))?.current_round).toBe(2);
    expect(invalidated(queryClient)).toEqual([]);
  });

  it('lifting a ban (204) takes the player off the list of bans; a forbidden pair joins its list, a removal leaves it', async () => {
    const queryClient = seed();
    queryClient.setQueryData<ForbiddenPair[]>(swissKeys.forbidden(ID), [{ id: 1, player1: 'alice', player2: 'bob' }]);
    server.use(
      http.post(`${BASE}/bans/erin/lift/`, () => new HttpResponse(null, { status: 204 })),
      http.post(`${BASE}/forbidden-pairings/`, () => HttpResponse.json({ id: 2, player1: 'carol', player2: 'dave' }, { status: 201 })),
      http.delete(`${BASE}/forbidden-pairings/1/`, () => new HttpResponse(null, { status: 204 })),
    );
    const lift = hook(queryClient, () => useLiftBan(ID));
    await lift.current.mutateAsync('erin');
    expect(queryClient.getQueryData(swissKeys.bans(ID))).toEqual([]);
    const forbid = hook(queryClient, () => useForbiddenPairChange(ID));
    await forbid.current.mutateAsync({ add: ['carol', 'dave'] });
    await forbid.current.mutateAsync({ remove: 1 });
    expect(queryClient.getQueryData(swissKeys.forbidden(ID))).toEqual([{ id: 2, player1: 'carol', player2: 'dave' }]);
    expect(invalidated(queryClient)).toEqual([]);
    expect(requests.every((request) => !request.startsWith('GET'))).toBe(true);
  });
});
