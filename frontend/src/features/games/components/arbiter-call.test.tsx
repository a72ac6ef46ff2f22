import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ws } from 'msw';

import type { ArbiterCall } from '@/features/games/api/arbiter';
import { CallArbiter } from '@/features/games/components/arbiter-call';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

// msw 3 matches socket addresses without their trailing slash.
const me = ws.link('ws://localhost/ws/me');

const csrf = http.get('http://localhost/api/auth/csrf/', () => {
  document.cookie = 'csrftoken=token123; path=/';
  return HttpResponse.json({ csrf_token: 'token123' });
});

const buildCall = (overrides: Partial<ArbiterCall> = {}): ArbiterCall => ({
  id: 1,
  game_id: 55,
  tournament_id: 7,
  team_swiss_id: null,
  round: 1,
  table: null,
  board: 2,
  caller: 'alice',
  colour: 'white',
  reason: 'misclick',
  reason_label: 'Misclick',
  text: '',
  status: 'open',
  created_at: '2026-12-06T20:00:00Z',
  closed_at: null,
  ...overrides,
});

describe('CallArbiter', () => {
  it('calls the arbiter with a reason, shows the call waiting, then closed when the arbiter closes it', async () => {
    let calls: ArbiterCall[] = [];
    const sent: unknown[] = [];
    const sockets: { send: (data: string) => void }[] = [];
    server.use(
      csrf,
      http.get('http://localhost/api/games/55/calls/', () => HttpResponse.json({ arbiter: false, calls })),
      http.post('http://localhost/api/games/55/call/', async ({ request }) => {
        const body = (await request.json()) as { reason: string; text: string };
        sent.push(body);
        calls = [buildCall({ reason: 'misclick', text: body.text })];
        return HttpResponse.json(calls[0], { status: 201 });
      }),
      me.addEventListener('connection', ({ client }) => {
        sockets.push(client);
      }),
    );
    renderWithProviders(<CallArbiter gameId={55} running />);
    await userEvent.click(await screen.findByRole('button', { name: 'Call the arbiter' }));
    const form = screen.getByRole('form', { name: 'Call the arbiter' });
    await userEvent.selectOptions(within(form).getByLabelText('Reason'), 'Misclick');
    await userEvent.type(within(form).getByLabelText('What happened (optional)'), 'Meant Nf3');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the call' }));
    expect(await screen.findByText('You called the arbiter (Misclick). Waiting for the arbiter…')).toBeInTheDocument();
    expect(sent).toEqual([{ reason: 'misclick', text: 'Meant Nf3' }]);
    // One open call at a time: no second button.
    expect(screen.queryByRole('button', { name: 'Call the arbiter' })).not.toBeInTheDocument();

    calls = [buildCall({ status: 'closed', closed_at: '2026-12-06T20:01:00Z' })];
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    sockets[0]?.send(JSON.stringify({ event: 'arbiter_call', payload: { game_id: 55, tournament_id: 7, team_swiss_id: null } }));
    expect(await screen.findByText('The arbiter closed your call (Misclick).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Call the arbiter' })).toBeInTheDocument();
  });

  it('says why a call is refused', async () => {
    server.use(
      csrf,
      http.get('http://localhost/api/games/55/calls/', () => HttpResponse.json({ arbiter: false, calls: [] })),
      http.post('http://localhost/api/games/55/call/', () =>
        HttpResponse.json({ message: 'The game is over (mate): the arbiter cannot be called to it.', extra: {} }, { status: 409 }),
      ),
    );
    renderWithProviders(<CallArbiter gameId={55} running />);
    await userEvent.click(await screen.findByRole('button', { name: 'Call the arbiter' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send the call' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The game is over (mate): the arbiter cannot be called to it.');
  });
});
