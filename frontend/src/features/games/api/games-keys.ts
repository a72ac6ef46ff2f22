export const gamesKeys = {
  game: (id: number) => ['games', id] as const,
};
