import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse, ws } from 'msw';

import { useRound } from '@/lib/swiss/get-rounds';
import { standingsPageQueryOptions } from '@/lib/swiss/get-standings';
import { useTournament } from '@/lib/swiss/get-tournament';
import { swissKeys } from '@/lib/swiss/swiss-keys';
import { waitsForPairing } from '@/features/swiss-event/api/version-pings';
import { SwissLiveStatus } from '@/features/swiss-event/components/swiss-live-status';
import { useSwissLive } from '@/features/swiss-event/hooks/use-swiss-live';
import type { RoundDetail, Tournament } from '@/lib/swiss/types';
import { buildPairing, buildRound, buildStanding, buildTournament, page } from '@/testing/data';
import { server } from '@/testing/msw-server';
import { createTestQueryClient, renderWithProviders } from '@/testing/render-with-providers';

const BASE = 'http://localhost/api/tournaments/swiss/7';
// msw 3 matches socket addresses without their trailing slash (and without their query).
const socket = ws.link('ws://localhost/ws/tournaments/swiss/7');

type Client = { send: (data: string) => void; close: () => void };

const frame = (event: string, payload: object) => JSON.stringify({ event, payload });
const hello = (version: number) =>
  frame('hello', { tournament: 7, status: 'running', current_round: 1, standings_version: 3, version });

/** The event's pages as the server serves them: each with the `Arbiter-Version` it was rendered at. */
const serve = (state: { version: number; tournament?: Tournament }) => {
  const reads = { detail: 0, round: 0, standings: 0 };
  const headers = () => ({ 'Arbiter-Version': String(state.version) });
  server.use(
    http.get(`${BASE}/`, () => {
      reads.detail += 1;
      return HttpResponse.json(state.tournament ?? buildTournament(), { headers: headers() });
    }),
    http.get(`${BASE}/rounds/1/`, () => {
      reads.round += 1;
      return HttpResponse.json(buildRound({ pairings: [buildPairing({ id: 1, white: 'alice', black: 'bob' })] }), { headers: headers() });
    }),
    http.get(`${BASE}/standings/`, () => {
      reads.standings += 1;
      return HttpResponse.json(page([buildStanding({ username: 'alice' })]), { headers: headers() });
    }),
  );
  return reads;
};

/** A slice of the event page: the socket and three of the pages it keeps current. */
const EventPage = ({ username = null }: { username?: string | null }) => {
  const status = useSwissLive(7, username);
  const tournament = useTournament(7);
  useRound(7, 1);
  useQuery(standingsPageQueryOptions(7, 1));
  return (
    <>
      <SwissLiveStatus status={status} />
      <p>{tournament.data?.name}</p>
    </>
  );
};

const isInvalid = (queryClient: ReturnType<typeof createTestQueryClient>, key: readonly unknown[]) =>
  queryClient.getQueryState(key)?.isInvalidated ?? false;

/** The event's sockets as the page opens them; the test speaks for the server on each. */
const acceptSockets = () => {
  const sockets: Client[] = [];
  server.use(socket.addEventListener('connection', ({ client }) => sockets.push(client)));
  return sockets;
};

/** A big event's page open (a reload would wait up to 4 s), a leader's list (the bans) in its cache. */
const openBigEvent = () => {
  vi.spyOn(Math, 'random').mockReturnValue(0.99);
  const state = { version: 3, tournament: buildTournament({ participant_count: 1000 }) };
  const reads = serve(state);
  const sockets = acceptSockets();
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(swissKeys.bans(7), []);
  renderWithProviders(<EventPage />, { queryClient });
  return { state, reads, sockets, queryClient };
};

describe('useSwissLive (version pings)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens ?frames=ping, writes a result in place, reloads the pages on reload, and reconnects with since=', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const state = { version: 3 };
    const reads = serve(state);
    const urls: string[] = [];
    const sockets: Client[] = [];
    server.use(
      socket.addEventListener('connection', ({ client }) => {
        urls.push(client.url.search);
        sockets.push(client);
        client.send(hello(state.version));
      }),
    );
    const { queryClient } = renderWithProviders(<EventPage />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Live'));
    await screen.findByText('Tuesday Blitz');
    await waitFor(() => expect(reads).toEqual({ detail: 1, round: 1, standings: 1 }));
    expect(urls).toEqual(['?frames=ping']);

    // A board's result: written in place at once (its `version` is the standings' counter).
    sockets[0]?.send(frame('game_result', { version: 99, results: [{ ...buildPairing({ id: 1, white: 'alice', black: 'bob', result: '1-0' }), round: 1 }] }));
    await waitFor(() => expect(queryClient.getQueryData<RoundDetail>(swissKeys.round(7, 1))?.pairings[0]?.result).toBe('1-0'));
    expect(reads.detail).toBe(1);

    // reload: the pages on screen are read again (here after a wait of 0).
    state.version = 4;
    sockets[0]?.send(frame('reload', { version: 4 }));
    await waitFor(() => expect(reads).toEqual({ detail: 2, round: 2, standings: 2 }));
    // A reload not newer than what was heard is dropped.
    sockets[0]?.send(frame('reload', { version: 4 }));

    // Down, then back: the socket asks for what came after version 4; nothing did, nothing is read.
    sockets[0]?.close();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Reconnecting…'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Live'), { timeout: 5000 });
    expect(urls).toEqual(['?frames=ping', '?frames=ping&since=4']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toEqual({ detail: 2, round: 2, standings: 2 });
    expect(isInvalid(queryClient, swissKeys.detail(7))).toBe(false);
  });

  it('resync: every query of the event is read again at once', async () => {
    // A big event: a reload would wait up to 4 s; a resync does not wait.
    const { reads, sockets, queryClient } = openBigEvent();
    await waitFor(() => expect(reads).toEqual({ detail: 1, round: 1, standings: 1 }));
    await waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]?.send(hello(3));
    sockets[0]?.send(frame('resync', { version: 12 }));
    await waitFor(() => expect(reads).toEqual({ detail: 2, round: 2, standings: 2 }), { timeout: 1000 });
    // Not only the pages: the leader's lists too.
    expect(isInvalid(queryClient, swissKeys.bans(7))).toBe(true);
  });

  it('hello: a cache of another read version than the server is read again whole, at once', async () => {
    const { state, reads, sockets, queryClient } = openBigEvent();
    await waitFor(() => expect(reads.detail).toBe(1));
    await waitFor(() => expect(sockets).toHaveLength(1));
    // Same version as the detail was served at: nothing to read.
    sockets[0]?.send(hello(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isInvalid(queryClient, swissKeys.bans(7))).toBe(false);
    // The pages said 3, the server says 5 (same round, status and standings): everything again.
    state.version = 5;
    sockets[0]?.send(hello(5));
    await waitFor(() => expect(reads.detail).toBe(2), { timeout: 1000 });
    expect(isInvalid(queryClient, swissKeys.bans(7))).toBe(true);
  });

  it('a player waiting to be paired reloads at once, whatever the size of the event', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    const soon = new Date(Date.now() + 20_000).toISOString();
    // Round 1 is over for alice; round 2 is due in 20 s. A reload of 1,000 players may wait ~4 s.
    const state = { version: 3, tournament: buildTournament({ participant_count: 1000, current_round: 1, next_round_at: soon }) };
    const reads = serve(state);
    server.use(
      http.get(`${BASE}/rounds/1/`, () =>
        HttpResponse.json(buildRound({ pairings: [buildPairing({ id: 1, white: 'alice', black: 'bob', result: '1-0' })] })),
      ),
    );
    const sockets = acceptSockets();
    renderWithProviders(<EventPage username="alice" />);
    await waitFor(() => expect(reads.detail).toBe(1));
    await waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]?.send(hello(3));
    state.version = 4;
    sockets[0]?.send(frame('reload', { version: 4 }));
    await waitFor(() => expect(reads.detail).toBe(2), { timeout: 1000 });
  });
});

describe('waitsForPairing', () => {
  const now = Date.parse('2026-11-23T17:59:30Z');
  const seed = (tournament: Partial<Tournament>, status = 'active', result: '' | '1-0' = '1-0') => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(swissKeys.detail(7), buildTournament({ current_round: 1, next_round_at: '2026-11-23T18:00:00Z', ...tournament }));
    queryClient.setQueryData(swissKeys.standingsPage(7, 1), page([buildStanding({ username: 'alice', status })]));
    queryClient.setQueryData(swissKeys.round(7, 1), buildRound({ pairings: [buildPairing({ white: 'alice', black: 'bob', result })] }));
    return queryClient;
  };

  it('an active player with no board in play, the next round due within a minute (or overdue)', () => {
    expect(waitsForPairing(seed({}), 7, 'alice', now)).toBe(true);
    expect(waitsForPairing(seed({}), 7, 'alice', now + 3_600_000)).toBe(true);
    // Not yet due, no time set (a leader starts it), a visitor, another player, a paused entry, a game still on.
    expect(waitsForPairing(seed({}), 7, 'alice', now - 120_000)).toBe(false);
    expect(waitsForPairing(seed({ next_round_at: null }), 7, 'alice', now)).toBe(false);
    expect(waitsForPairing(seed({}), 7, null, now)).toBe(false);
    expect(waitsForPairing(seed({}), 7, 'carol', now)).toBe(false);
    expect(waitsForPairing(seed({}, 'paused'), 7, 'alice', now)).toBe(false);
    expect(waitsForPairing(seed({}, 'active', ''), 7, 'alice', now)).toBe(false);
  });

  it('finds the entry in its own lookup when the first page does not hold it', () => {
    const queryClient = seed({});
    queryClient.setQueryData(swissKeys.standingsPage(7, 1), page([buildStanding({ username: 'zoe' })]));
    expect(waitsForPairing(queryClient, 7, 'alice', now)).toBe(false);
    queryClient.setQueryData(swissKeys.entry(7, 'alice', 1), { username: 'alice', status: 'active' });
    expect(waitsForPairing(queryClient, 7, 'alice', now)).toBe(true);
  });
});
