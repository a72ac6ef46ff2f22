import { screen } from '@testing-library/react';
import { vi } from 'vitest';

import type { GameState } from '@/features/games/api/game-state';
import { GamePage } from '@/features/games/components/game-page';
import { renderWithProviders } from '@/testing/render-with-providers';

// The page around its game: the state as the query and the socket would give it, the viewer
// (White), and no board (chessground needs a layout jsdom does not have).
const state = { current: {} as GameState };
vi.mock('@/features/games/api/use-game', () => ({
  useGame: () => ({ isPending: false, error: null, data: state.current, offset: 0, arbiterNotice: null, refetch: () => {} }),
  writeGameState: () => {},
}));
vi.mock('@/lib/auth', () => ({ useMe: () => ({ data: { id: 1 } }) }));
vi.mock('@/features/games/components/game-board', () => ({ GameBoard: () => null }));

const base = {
  id: 5,
  tournament_id: 7,
  tournament_name: 'Club',
  team_swiss_id: null,
  table: null,
  round: 3,
  board: 2,
  white: { id: 1, username: 'alice', rating: 1500, rating_change: null },
  black: { id: 2, username: 'bob', rating: 1400, rating_change: null },
  moves: '',
  san: ['e4'],
  legal: {},
  check: false,
  ply: 0,
  fen: '',
  turn: 'white',
  wtime: 60_000,
  btime: 60_000,
  winc: 0,
  binc: 0,
  clock_running: false,
  paused: false,
  corrections: 0,
  first_move_deadline: null,
  draw_offer: null,
  status: 'started',
  winner: null,
  finished_at: null,
  server_time: 0,
} as unknown as GameState;

describe('GamePage', () => {
  it.each([
    ['mate', 'black', 'Checkmate — Black wins'],
    ['resign', 'white', 'Resignation — White wins'],
    ['outoftime', null, 'Time out — Draw'],
    ['stalemate', null, 'Stalemate — Draw'],
    ['adjudicated', 'black', 'Arbiter’s decision — Black wins'],
    ['aborted', null, 'Aborted (event cancelled) — Draw'],
    ['noStart', 'white', 'No first move — White wins'],
  ])('says how a game ended and its outcome in one sentence: %s, %s', (status, winner, text) => {
    state.current = { ...base, status, winner } as GameState;
    renderWithProviders(<GamePage />);
    expect(screen.getByRole('status')).toHaveTextContent(text);
    expect(screen.getByText(/Round 3/)).toHaveTextContent('· Round 3 · Board 2');
    expect(screen.getByLabelText('white clock')).toHaveTextContent('1:00');
    expect(screen.getByRole('group', { name: 'Black player' })).toHaveTextContent('bob');
  });

  it('counts down the first move, names the match, and says in the tab that the game is ready', () => {
    state.current = { ...base, table: 4, first_move_deadline: new Date(Date.now() + 20_000).toISOString() } as GameState;
    renderWithProviders(<GamePage />);
    expect(screen.getByRole('status')).toHaveTextContent('White must move within 20 s');
    expect(screen.getByText(/Round 3/)).toHaveTextContent('· Round 3 · Match 4 · Board 2');
    expect(document.title).toBe('Your game is ready: alice – bob · Arbiter');
    expect(screen.getByRole('button', { name: 'Resign' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Moves' })).toHaveTextContent('1.e4');
  });
});
