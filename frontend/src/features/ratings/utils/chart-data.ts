import type { RatingHistoryItem } from '@/features/ratings/types/ratings';

/** uPlot's data: x = the game's number (0 = the rating before the first game shown), y = the
 * rating after it, oldest first. Numbering, not dates: a player's few games stay readable
 * however far apart they were played. */
export const chartData = (history: RatingHistoryItem[]): [number[], number[]] => {
  const games = [...history].reverse();
  if (!games[0]) return [[], []];
  const ratings = [games[0].rating_before, ...games.map((game) => game.rating_after)];
  return [ratings.map((_, index) => index), ratings];
};
