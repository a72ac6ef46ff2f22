import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { ManualPairingEditor } from '@/features/swiss-arbiter/components/manual-pairing-editor';
import { buildPairing, buildRound } from '@/testing/data';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const PROPOSAL = {
  round: 2,
  boards: [
    { white: 'alice', black: 'bob' },
    { white: 'dave', black: 'carol' },
  ],
  bye: 'erin',
  replaces_current: false,
};

const useApi = (answer: (body: { boards: { white: string; black: string }[]; bye: string | null }) => Response, proposal: object = PROPOSAL) => {
  const sent: unknown[] = [];
  server.use(
    http.get('http://localhost/api/tournaments/swiss/7/pairing-proposal/', () => HttpResponse.json(proposal)),
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
const editor = () => renderWithProviders(<ManualPairingEditor tournamentId={7} round={1} boards={[buildPairing({ result: '1-0' })]} version="1" />);
const ready = () => screen.findByRole('heading', { name: /round 2/ });
const noAnswer = () => HttpResponse.json({}, { status: 500 });

describe('ManualPairingEditor', () => {
  it('starts from the engine’s proposal, says how to swap', async () => {
    useApi(noAnswer);
    editor();
    expect(await ready()).toHaveTextContent('Manual pairing for round 2');
    expect(screen.getByText(/click one and then the other, or drag one onto the other/)).toBeInTheDocument();
    expect(board(1)).toHaveTextContent('alicebob');
    expect(board(2)).toHaveTextContent('davecarol');
    expect(screen.getByRole('button', { name: 'erin (bye)' })).toBeInTheDocument();
  });

  it('swaps two players with two clicks (or Enter on each)', async () => {
    useApi(noAnswer);
    editor();
    await ready();
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
          extra: { fields: { boards: ['carol and dave already played each other', 'alice would have colour difference +3', 'odd field without a pairing bye'] } },
        },
        { status: 400 },
      ),
    );
    editor();
    await ready();
    await userEvent.click(screen.getByRole('button', { name: 'Pair round 2 as shown' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This pairing breaks the rules.');
    expect(alert).toHaveTextContent('odd field without a pairing bye');
    expect(within(board(2)).getByText('carol and dave already played each other')).toBeInTheDocument();
    expect(within(board(1)).getByText('alice would have colour difference +3')).toBeInTheDocument();
    expect(within(board(1)).queryByText('carol and dave already played each other')).not.toBeInTheDocument();
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
    editor();
    await ready();
    await userEvent.click(screen.getByRole('button', { name: 'Pair round 2 as shown' }));
    expect(await screen.findByText('Round 2 paired as shown.')).toHaveAttribute('role', 'status');
  });

  it('a round paired with no result in yet is offered for correction', async () => {
    useApi(noAnswer, { ...PROPOSAL, replaces_current: true });
    editor();
    expect(await ready()).toHaveTextContent('Correct the pairing of round 2');
    expect(screen.getByRole('button', { name: 'Pair round 2 again as shown' })).toBeInTheDocument();
  });

  it('says why there is nothing to pair', async () => {
    server.use(
      http.get('http://localhost/api/tournaments/swiss/7/pairing-proposal/', () =>
        HttpResponse.json({ message: 'Fewer than two active players remain.', extra: {} }, { status: 400 }),
      ),
    );
    editor();
    expect(await screen.findByText('Fewer than two active players remain.')).toBeInTheDocument();
  });

  it('while a round has some results in and not all, says so and asks the API nothing (it would refuse)', async () => {
    const asked: string[] = [];
    server.use(
      http.get('http://localhost/api/tournaments/swiss/7/pairing-proposal/', ({ request }) => {
        asked.push(request.url);
        return HttpResponse.json(PROPOSAL);
      }),
    );
    const boards = [buildPairing({ id: 1, result: '1-0' }), buildPairing({ id: 2, board: 2, white: 'carol', black: 'dave' })];
    renderWithProviders(<ManualPairingEditor tournamentId={7} round={1} boards={boards} version="1" />);
    expect(await screen.findByText('Round 1 is not complete: the editor opens for round 2 once every board has a result.')).toBeInTheDocument();
    // Boards still being read: nothing asked either.
    renderWithProviders(<ManualPairingEditor tournamentId={7} round={1} boards={null} version="2" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
  });
});
