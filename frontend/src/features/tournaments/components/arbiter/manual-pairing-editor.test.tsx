import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { ManualPairingEditor } from '@/features/tournaments/components/arbiter/manual-pairing-editor';
import { buildRound, buildStanding } from '@/testing/data';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const rows = ['alice', 'bob', 'carol', 'dave', 'erin'].map((username, index) =>
  buildStanding({ username, pairing_number: index + 1, rank: index + 1 }),
);

const useApi = (answer: (body: { boards: { white: string; black: string }[]; bye: string | null }) => Response) => {
  const sent: unknown[] = [];
  server.use(
    http.get('http://localhost/api/auth/csrf/', () => {
      document.cookie = 'csrftoken=token123; path=/';
      return HttpResponse.json({ csrf_token: 'token123' });
    }),
    http.post('http://localhost/api/tournaments/swiss/7/manual-pairings/', async ({ request }) => {
      const body = (await request.json()) as Parameters<typeof answer>[0];
      sent.push(body);
      return answer(body);
    }),
  );
  return sent;
};

const board = (number: number) => screen.getByRole('listitem', { name: `Proposed board ${number}` });

describe('ManualPairingEditor', () => {
  it('proposes boards from the ranking, the odd player out on the bye', () => {
    renderWithProviders(<ManualPairingEditor tournamentId={7} rows={rows} nextRound={2} />);
    expect(board(1)).toHaveTextContent('alicebob');
    expect(board(2)).toHaveTextContent('davecarol');
    expect(screen.getByRole('button', { name: 'erin (bye)' })).toBeInTheDocument();
  });

  it('swaps two players with two clicks (or Enter on each)', async () => {
    renderWithProviders(<ManualPairingEditor tournamentId={7} rows={rows} nextRound={2} />);
    await userEvent.click(screen.getByRole('button', { name: 'bob (board 1 black)' }));
    expect(screen.getByRole('button', { name: 'bob (board 1 black)' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'erin (bye)' }));
    expect(board(1)).toHaveTextContent('aliceerin');
    expect(screen.getByRole('button', { name: 'bob (bye)' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'alice (board 1 white)' }).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(board(1)).toHaveTextContent('erinalice');
  });

  it('shows each of the API’s messages next to the board it names', async () => {
    const sent = useApi(() =>
      HttpResponse.json(
        {
          message: 'This pairing breaks the rules.',
          extra: { fields: { boards: ['3-4 already played each other', 'player 1 would have colour difference +3', 'odd field without a pairing bye'] } },
        },
        { status: 400 },
      ),
    );
    renderWithProviders(<ManualPairingEditor tournamentId={7} rows={rows} nextRound={2} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pair round 2 as shown' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This pairing breaks the rules.');
    expect(alert).toHaveTextContent('odd field without a pairing bye');
    expect(within(board(2)).getByText('3-4 already played each other')).toBeInTheDocument();
    expect(within(board(1)).getByText('player 1 would have colour difference +3')).toBeInTheDocument();
    expect(within(board(1)).queryByText('3-4 already played each other')).not.toBeInTheDocument();
    expect(sent).toEqual([
      {
        boards: [
          { white: 'alice', black: 'bob' },
          { white: 'dave', black: 'carol' },
        ],
        bye: 'erin',
      },
    ]);
  });

  it('an accepted pairing is confirmed', async () => {
    useApi(() => HttpResponse.json(buildRound({ number: 2, manual: true }), { status: 201 }));
    renderWithProviders(<ManualPairingEditor tournamentId={7} rows={rows} nextRound={2} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pair round 2 as shown' }));
    expect(await screen.findByText('Round 2 paired as shown.')).toHaveAttribute('role', 'status');
  });
});
