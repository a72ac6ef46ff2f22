import { formatPoints, lineupProblem, matchScore } from '@/lib/team-swiss/display';
import { buildMatch } from '@/lib/team-swiss/testing/builders';

const squad = [1, 2, 3, 4, 5].map((id) => ({ id, order: id, name: `P${id}`, username: null, rating: null }));

describe('team Swiss display', () => {
  it('writes halves as ½', () => {
    expect(formatPoints('2.5')).toBe('2½');
    expect(formatPoints('0.5')).toBe('½');
    expect(formatPoints('3.0')).toBe('3');
    expect(formatPoints(null)).toBe('');
  });

  it('shows a complete match score, a bye, and nothing while boards are pending', () => {
    expect(matchScore(buildMatch({ white_game_points: '2.5', black_game_points: '1.5' }))).toBe('2½ – 1½');
    expect(matchScore(buildMatch({ black: null }))).toBe('bye');
    expect(matchScore(buildMatch())).toBeNull();
  });

  it('checks a line-up as the server does: squad order, no one twice, every board filled', () => {
    expect(lineupProblem(squad, [1, 2, 4, 5])).toBeNull();
    expect(lineupProblem(squad, [2, 1, 3, 4])).toEqual({ board: 2, message: expect.stringMatching(/squad order/) });
    expect(lineupProblem(squad, [1, 1, 3, 4])?.board).toBe(2);
    expect(lineupProblem(squad, [1, null, 3, 4])?.message).toMatch(/^Pick a player for board 2/);
    expect(lineupProblem(squad, [1, 2, null, null])).toBeNull();
  });
});
