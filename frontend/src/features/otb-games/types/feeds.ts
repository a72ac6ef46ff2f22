// Apart from otb-game.ts: the event page shows the feeds and loads none of the game page's helpers.

/** A round's and the whole event's broadcast feeds, as absolute addresses (a broadcast needs the host). */
export const feedUrls = (origin: string, tournamentId: number, round: number) => ({
  round: `${origin}/swiss/${tournamentId}/round/${round}.pgn`,
  event: `${origin}/swiss/${tournamentId}.pgn`,
});
