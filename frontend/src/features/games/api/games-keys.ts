export const gamesKeys = {
  game: (id: number) => ['games', id] as const,
  /** The viewer's arbiter calls in the game (all of them for an arbiter). */
  calls: (gameId: number) => ['games', gameId, 'calls'] as const,
};
