/**
 * Every query key of the over-the-board games feature. A board's game sits under the event's
 * ['swiss', id] prefix like every read of the event, so that a `resync` of the event reads it
 * again too; ['swiss', id, 'otb-game'] marks every board's game of the event at once (after a
 * round's PGN upload).
 */
export const otbGamesKeys = {
  games: (id: number) => ['swiss', id, 'otb-game'] as const,
  game: (id: number, pairingId: number) => ['swiss', id, 'otb-game', pairingId] as const,
};
