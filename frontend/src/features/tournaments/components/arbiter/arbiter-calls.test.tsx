import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, ws } from 'msw';

import { ArbiterCalls } from '@/features/tournaments/components/arbiter/arbiter-calls';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import type { components } from '@/lib/api-types';

const me = ws.link('ws://localhost/ws/me');

const call = (id: number, caller: string, board: number): components['schemas']['ArbiterCall'] => ({
  id,
  game_id: 50 + id,
  tournament_id: 7,
  round: 2,
  board,
  caller,
  colour: 'black',
  reason: 'disconnection',
  reason_label: 'Disconnection',
  text: 'my internet dropped',
  status: 'open',
  created_at: '2026-12-06T20:00:00Z',
  closed_at: null,
});

describe('ArbiterCalls', () => {
  it('lists the open calls with a link to each game, and reads them again when a call comes in', async () => {
    let rows = [call(1, 'bob', 3)];
    const asked: string[] = [];
    const sockets: { send: (data: string) => void }[] = [];
    server.use(
      http.get('http://localhost/api/games/calls/', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(rows);
      }),
      me.addEventListener('connection', ({ client }) => {
        sockets.push(client);
      }),
    );
    renderWithProviders(<ArbiterCalls tournamentId={7} />);
    expect(await screen.findByRole('heading', { name: 'Arbiter calls (1)' })).toBeInTheDocument();
    const item = screen.getByRole('listitem', { name: 'Call from bob' });
    expect(item).toHaveTextContent('Round 2, board 3: bob (black) — Disconnection: my internet dropped');
    expect(within(item).getByRole('link', { name: 'Go to the game' })).toHaveAttribute('href', '/game/51');
    expect(asked[0]).toBe('?tournament=7');

    rows = [...rows, call(2, 'carol', 1)];
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    sockets[0]?.send(JSON.stringify({ event: 'arbiter_call', payload: { game_id: 52, tournament_id: 7, team_swiss_id: null } }));
    expect(await screen.findByRole('heading', { name: 'Arbiter calls (2)' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Call from carol' })).toBeInTheDocument();
  });

  it('says when there is no call', async () => {
    server.use(http.get('http://localhost/api/games/calls/', () => HttpResponse.json([])));
    renderWithProviders(<ArbiterCalls tournamentId={7} />);
    expect(await screen.findByText('No open calls.')).toBeInTheDocument();
  });
});
