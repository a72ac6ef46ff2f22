import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { DisputeQueue } from '@/features/swiss-arbiter/components/dispute-queue';
import { buildPairing, buildStanding } from '@/testing/data';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const boards = [
  buildPairing({ id: 100, board: 1, white: 'alice', black: 'bob', result: '1-0' }),
  buildPairing({
    id: 101,
    board: 2,
    white: 'carol',
    black: 'dave',
    result: '',
    disputed: true,
    white_report: '1-0',
    black_report: '0-1',
  }),
];
const rows = [
  buildStanding({ username: 'alice', points: '2.0' }),
  buildStanding({ username: 'carol', points: '1.0', rating: 1810 }),
  buildStanding({ username: 'dave', points: '1.0', rating: 1650 }),
  buildStanding({ username: 'bob', points: '0.0' }),
];

describe('DisputeQueue', () => {
  it('lists only disputed boards, with both players\' reports side by side', () => {
    renderWithProviders(<DisputeQueue tournamentId={7} round={1} boards={boards} rows={rows} />);
    expect(screen.getByRole('heading', { name: 'Disputes (1)' })).toBeInTheDocument();
    const item = screen.getByRole('listitem', { name: 'Dispute on board 2' });
    const carol = within(item).getByRole('group', { name: "carol's report" });
    const dave = within(item).getByRole('group', { name: "dave's report" });
    expect(carol).toHaveTextContent('carol (White)');
    expect(carol).toHaveTextContent('Reported: carol won (1-0)');
    expect(carol).toHaveTextContent('1.0 points, rated 1810');
    expect(dave).toHaveTextContent('dave (Black)');
    expect(dave).toHaveTextContent('Reported: dave won (0-1)');
    expect(dave).toHaveTextContent('1.0 points, rated 1650');
    // Each outcome says who claimed it.
    const decide = within(item).getByRole('group', { name: 'Decide board 2' });
    expect(within(decide).getByRole('button', { name: 'carol won (claimed by carol)' })).toBeInTheDocument();
    expect(within(decide).getByRole('button', { name: 'Draw' })).toBeInTheDocument();
    expect(within(decide).getByRole('button', { name: 'dave won (claimed by dave)' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Dispute on board 1' })).not.toBeInTheDocument();
  });

  it('says when a player has no report on the board', () => {
    const board = buildPairing({ id: 102, board: 3, white: 'erin', black: 'fred', disputed: true, black_report: '1/2-1/2' });
    renderWithProviders(<DisputeQueue tournamentId={7} round={1} boards={[board]} rows={rows} />);
    expect(screen.getByRole('group', { name: "erin's report" })).toHaveTextContent('Reported: No report');
    expect(screen.getByRole('group', { name: "fred's report" })).toHaveTextContent('Reported: Draw (½-½)');
    expect(screen.getByRole('button', { name: 'Draw (claimed by fred)' })).toBeInTheDocument();
  });

  it('decides in one click, after a confirmation that shows the standings effect', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('http://localhost/api/auth/csrf/', () => {
        document.cookie = 'csrftoken=token123; path=/';
        return HttpResponse.json({ csrf_token: 'token123' });
      }),
      http.post('http://localhost/api/tournaments/swiss/7/pairings/101/result/', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ ...boards[1], result: '0-1', disputed: false });
      }),
    );
    renderWithProviders(<DisputeQueue tournamentId={7} round={1} boards={boards} rows={rows} />);
    await userEvent.click(screen.getByRole('button', { name: 'dave won (claimed by dave)' }));
    const dialog = screen.getByRole('dialog', { name: 'Board 2: set 0-1' });
    const effect = within(dialog).getByRole('table', { name: 'Standings effect' });
    expect(within(effect).getByRole('row', { name: /dave/ })).toHaveTextContent('dave1 → 22 → 1');
    expect(within(effect).getByRole('row', { name: /carol/ })).toHaveTextContent('carol1 → 12 → 3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm result' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ result: '0-1' }]);
  });

  it('says so when nothing is disputed', () => {
    renderWithProviders(<DisputeQueue tournamentId={7} round={1} boards={[boards[0]!]} rows={rows} />);
    expect(screen.getByText('No disputed board.')).toBeInTheDocument();
  });
});
