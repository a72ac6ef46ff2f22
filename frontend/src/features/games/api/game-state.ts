import { readCookie } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

/** A player: `rating` at entry to the event; `rating_change` once the game is rated. */
export type GamePlayer = { id: number; username: string; rating: number; rating_change: number | null };

/** GET /api/games/{id}/ and the socket's `game_state` (docs/games.md). */
export type GameState = {
  id: number;
  tournament_id: number;
  tournament_name: string;
  round: number;
  board: number;
  white: GamePlayer | null;
  black: GamePlayer | null;
  moves: string;
  /** The moves in SAN; `legal`: SAN → UCI of every legal move (empty once the game is over). */
  san: string[];
  legal: Record<string, string>;
  check: boolean;
  ply: number;
  fen: string;
  turn: 'white' | 'black';
  wtime: number;
  btime: number;
  winc: number;
  binc: number;
  clock_running: boolean;
  first_move_deadline: string | null;
  draw_offer: 'white' | 'black' | null;
  status: string;
  winner: 'white' | 'black' | null;
  finished_at: string | null;
  server_time: number;
};

export const getGame = async (id: number): Promise<GameState> => {
  const response = await fetch(`/api/games/${id}/`, { credentials: 'same-origin' });
  if (!response.ok) throw ApiError.from(response.status, await response.json().catch(() => null));
  return (await response.json()) as GameState;
};

/** A player's action (move, resign, draw yes/no); the new state comes back and over the socket. */
export const postGameAction = async (id: number, action: string): Promise<GameState> => {
  if (!readCookie('csrftoken')) await fetch('/api/auth/csrf/', { credentials: 'same-origin' });
  const response = await fetch(`/api/games/${id}/${action}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'X-CSRFToken': readCookie('csrftoken') ?? '' },
  });
  if (!response.ok) throw ApiError.from(response.status, await response.json().catch(() => null));
  return (await response.json()) as GameState;
};
