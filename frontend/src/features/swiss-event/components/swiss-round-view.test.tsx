import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { swissKeys } from '@/lib/swiss/swiss-keys';
import { applyLiveEvent } from '@/features/swiss-event/api/apply-live-event';
import { SwissRoundView } from '@/features/swiss-event/components/swiss-round-view';
import { buildPairing, buildRound } from '@/testing/data';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const BASE = 'http://localhost/api/tournaments/swiss/7';
const round = (number: number) => ({ number, status: 'complete', started_at: null, completed_at: null, manual: false, engine: 'bbpPairings' });

const useRoundsApi = () =>
  server.use(
    http.get(`${BASE}/rounds/`, () => HttpResponse.json([round(1), round(2)])),
    http.get(`${BASE}/rounds/1/`, () =>
      HttpResponse.json(buildRound({ number: 1, pairings: [buildPairing({ id: 1, white: 'alice', black: 'bob', result: '1/2-1/2' })] })),
    ),
    http.get(`${BASE}/rounds/2/`, () =>
      HttpResponse.json(
        buildRound({
          number: 2,
          pairings: [buildPairing({ id: 2, white: 'bob', black: 'carol', result: '+-' })],
          byes: [{ username: 'alice', kind: 'H', not_yet_joined: false }],
        }),
      ),
    ),
  );

describe('SwissRoundView', () => {
  it('shows the current round’s boards and byes, other rounds by tab or arrow keys', async () => {
    useRoundsApi();
    renderWithProviders(<SwissRoundView tournamentId={7} currentRound={2} username="alice" />);
    const region = await screen.findByRole('region', { name: 'Pairings' });
    expect(await within(region).findByRole('tab', { name: 'Round 2' })).toHaveAttribute('aria-selected', 'true');
    const panel = within(region).getByRole('tabpanel');
    expect(await within(panel).findByRole('listitem', { name: 'Board 1: bob (White) +/- carol (Black)' })).toBeInTheDocument();
    expect(within(panel).getByRole('list', { name: 'Byes of round 2' })).toHaveTextContent('alice: bye (½ point)');

    await userEvent.click(within(region).getByRole('tab', { name: 'Round 1' }));
    expect(await within(region).findByRole('listitem', { name: 'Board 1: alice (White) ½-½ bob (Black)' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(region).getByRole('tab', { name: 'Round 2' })).toHaveFocus();
    expect(within(region).getByRole('tab', { name: 'Round 2' })).toHaveAttribute('aria-selected', 'true');
  });

  it('a new round pushed by the server opens by itself', async () => {
    useRoundsApi();
    const { queryClient, rerender } = renderWithProviders(<SwissRoundView tournamentId={7} currentRound={2} username={null} />);
    await screen.findByRole('listitem', { name: /Board 1: bob/ });
    applyLiveEvent(queryClient, 7, {
      event: 'round_start',
      payload: { ...buildRound({ number: 3, pairings: [buildPairing({ id: 3, white: 'carol', black: 'alice' })] }), round: 3 },
    });
    expect(queryClient.getQueryData(swissKeys.round(7, 3))).toBeDefined();
    rerender(<SwissRoundView tournamentId={7} currentRound={3} username={null} />);
    expect(await screen.findByRole('tab', { name: 'Round 3' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('listitem', { name: 'Board 1: carol (White) playing alice (Black)' })).toBeInTheDocument();
  });

  it('over the board, each board links to its game page; online boards without a game do not', async () => {
    useRoundsApi();
    const { unmount } = renderWithProviders(<SwissRoundView tournamentId={7} currentRound={2} username={null} otb />);
    const link = await screen.findByRole('link', { name: 'Game of board 1' });
    expect(link).toHaveAttribute('href', '/swiss/7/board/2');
    expect(link).toHaveTextContent('+/-');
    unmount();
    renderWithProviders(<SwissRoundView tournamentId={7} currentRound={2} username={null} />);
    expect(await screen.findByRole('listitem', { name: /Board 1: bob/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Game of board 1' })).not.toBeInTheDocument();
  });

  it('says so before the first round', async () => {
    server.use(http.get(`${BASE}/rounds/`, () => HttpResponse.json([])));
    renderWithProviders(<SwissRoundView tournamentId={7} currentRound={0} username={null} />);
    expect(await screen.findByText('No round has been paired yet.')).toBeInTheDocument();
  });
});
