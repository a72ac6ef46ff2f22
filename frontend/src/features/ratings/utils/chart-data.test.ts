import type { RatingHistoryItem } from '@/features/ratings/types/ratings';
import { chartData } from '@/features/ratings/utils/chart-data';

const game = (rating_before: number, rating_after: number): RatingHistoryItem => ({
  speed: 'blitz',
  rated_at: '2026-11-20T18:00:00Z',
  rating_before,
  rating_after,
  diff: rating_after - rating_before,
  deviation_after: 200,
  score: 1,
  opponent: 'bob',
  tournament_id: 1,
  tournament_name: 'Club',
  round: 1,
});

describe('chartData', () => {
  it('starts from the rating before the oldest game, then each game oldest first', () => {
    // The API lists the newest first.
    expect(chartData([game(1742, 1700), game(1500, 1742)])).toEqual([
      [0, 1, 2],
      [1500, 1742, 1700],
    ]);
  });

  it('is empty without games', () => {
    expect(chartData([])).toEqual([[], []]);
  });
});
