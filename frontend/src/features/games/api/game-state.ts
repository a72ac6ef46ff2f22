import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

/** GET /api/games/{id}/ and the socket's `game_state` (docs/games.md), from the OpenAPI schema. */
export type GameState = components['schemas']['GameState'];
export type GamePlayer = components['schemas']['GamePlayer'];

export const getGame = (id: number): Promise<GameState> =>
  unwrap(api.GET('/api/games/{game_id}/', { params: { path: { game_id: id } } }));

/** A player's action; `ply` (of a move) is the ply it moves from, so a stale move is refused. */
export type GameAction = { move: string; ply: number } | { draw: 'yes' | 'no' } | 'resign';

/** The new state comes back here and over the socket. */
export const postGameAction = (id: number, action: GameAction): Promise<GameState> => {
  if (action === 'resign') return unwrap(api.POST('/api/games/{game_id}/resign/', { params: { path: { game_id: id } } }));
  if ('draw' in action)
    return unwrap(api.POST('/api/games/{game_id}/draw/{answer}/', { params: { path: { game_id: id, answer: action.draw } } }));
  return unwrap(
    api.POST('/api/games/{game_id}/move/{uci}/', { params: { path: { game_id: id, uci: action.move }, query: { ply: action.ply } } }),
  );
};
