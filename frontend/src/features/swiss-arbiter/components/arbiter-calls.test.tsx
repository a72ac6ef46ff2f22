import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, ws } from 'msw';

import { ArbiterCalls } from '@/features/swiss-arbiter/components/arbiter-calls';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import type { components } from '@/lib/api-types';

const me = ws.link('ws://localhost/ws/me');

type ArbiterCall = components['schemas']['ArbiterCall'];

const call = (id: number, caller: string, board: number, overrides: Partial<ArbiterCall> = {}): ArbiterCall => ({
  id,
  game_id: 50 + id,
  tournament_id: 7,
  team_swiss_id: null,
  round: 2,
  table: null,
  board,
  caller,
  colour: 'black',
  reason: 'disconnection',
  reason_label: 'Disconnection',
  text: 'my internet dropped',
  status: 'open',
  created_at: '2026-12-06T20:00:00Z',
  closed_at: null,
  ...overrides,
});

/** The queue's requests (their query strings) answered with `rows()`, and the `/ws/me/` sockets opened. */
const serve = (rows: () => ArbiterCall[]) => {
  const asked: string[] = [];
  const sockets: { send: (data: string) => void }[] = [];
  server.use(
    http.get('http://localhost/api/games/calls/', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json(rows());
    }),
    me.addEventListener('connection', ({ client }) => {
      sockets.push(client);
    }),
  );
  return { asked, sockets };
};

const ping = (payload: { game_id: number; tournament_id: number | null; team_swiss_id: number | null }) =>
  JSON.stringify({ event: 'arbiter_call', payload });

describe('ArbiterCalls', () => {
  it('lists the open calls with a link to each game, and reads them again when a call comes in', async () => {
    let rows = [call(1, 'bob', 3)];
    const { asked, sockets } = serve(() => rows);
    renderWithProviders(<ArbiterCalls event={{ kind: 'swiss', id: 7 }} />);
    expect(await screen.findByRole('heading', { name: 'Arbiter calls (1)' })).toBeInTheDocument();
    const item = screen.getByRole('listitem', { name: 'Call from bob' });
    expect(item).toHaveTextContent('Round 2, board 3: bob (black) — Disconnection: my internet dropped');
    expect(within(item).getByRole('link', { name: 'Go to the game' })).toHaveAttribute('href', '/game/51');
    expect(asked[0]).toBe('?tournament=7');

    rows = [...rows, call(2, 'carol', 1)];
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    sockets[0]?.send(ping({ game_id: 52, tournament_id: 7, team_swiss_id: null }));
    expect(await screen.findByRole('heading', { name: 'Arbiter calls (2)' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Call from carol' })).toBeInTheDocument();
  });

  it("lists a team event's calls with their match, live for that team event only", async () => {
    const team = { tournament_id: null, team_swiss_id: 7, round: 1 };
    let rows = [call(1, 'anna', 2, { ...team, table: 3 })];
    const { asked, sockets } = serve(() => rows);
    renderWithProviders(<ArbiterCalls event={{ kind: 'team-swiss', id: 7 }} />);
    const item = await screen.findByRole('listitem', { name: 'Call from anna' });
    expect(item).toHaveTextContent('Round 1, match 3, board 2: anna (black) — Disconnection: my internet dropped');
    expect(asked).toEqual(['?team_swiss=7']);

    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    // An individual event with the same id is another event: nothing is read again.
    sockets[0]?.send(ping({ game_id: 90, tournament_id: 7, team_swiss_id: null }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).toEqual(['?team_swiss=7']);
    rows = [...rows, call(2, 'cyd', 1, { ...team, table: 1, colour: 'white', reason: 'misclick', reason_label: 'Misclick', text: '' })];
    sockets[0]?.send(ping({ game_id: 52, tournament_id: null, team_swiss_id: 7 }));
    expect(await screen.findByRole('heading', { name: 'Arbiter calls (2)' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Call from cyd' })).toHaveTextContent('Round 1, match 1, board 1: cyd (white) — Misclick');
    expect(asked).toEqual(['?team_swiss=7', '?team_swiss=7']);
  });

  it('says when there is no call', async () => {
    server.use(http.get('http://localhost/api/games/calls/', () => HttpResponse.json([])));
    renderWithProviders(<ArbiterCalls event={{ kind: 'swiss', id: 7 }} />);
    expect(await screen.findByText('No open calls.')).toBeInTheDocument();
  });
});
