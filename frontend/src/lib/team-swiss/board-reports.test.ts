import { buildBoard, buildMatch } from '@/lib/team-swiss/testing/builders';
import { matchWith, outcomeText, outcomesFor, reportStatus, reportedText, resultInWords } from '@/lib/team-swiss/board-reports';

const points = { win: '1.0', draw: '0.5', loss: '0.0' };

describe('team board reports', () => {
  it('reads where a result stands from the two reports', () => {
    expect(reportStatus(buildBoard())).toEqual({ kind: 'none' });
    expect(reportStatus(buildBoard({ result: '1-0', white_report: '1-0' }))).toEqual({ kind: 'reported', by: 'white' });
    expect(reportStatus(buildBoard({ result: '1/2', black_report: '1/2' }))).toEqual({ kind: 'reported', by: 'black' });
    expect(reportStatus(buildBoard({ result: '0-1', white_report: '0-1', black_report: '0-1' }))).toEqual({ kind: 'confirmed' });
    expect(reportStatus(buildBoard({ disputed: true, white_report: '1-0', black_report: '0-1' }))).toEqual({ kind: 'disputed' });
    // No report matches, or the reports differ and a result stands: an arbiter's decision.
    expect(reportStatus(buildBoard({ result: '+-' }))).toEqual({ kind: 'arbiter' });
    expect(reportStatus(buildBoard({ result: '1-0', white_report: '1-0', black_report: '0-1' }))).toEqual({ kind: 'arbiter' });
    expect(reportStatus(buildBoard({ result: '0-1', white_report: '1-0' }))).toEqual({ kind: 'arbiter' });
  });

  it("tells a result from a player's own side", () => {
    expect(outcomesFor('black').map(({ label, result }) => `${label} ${result}`)).toEqual(['I won 0-1', 'Draw 1/2', 'I lost 1-0']);
    expect(outcomeText('1-0', 'white')).toBe('you won (1-0)');
    expect(outcomeText('1-0', 'black')).toBe('you lost (1-0)');
    expect(outcomeText('-+', 'black')).toBe('you won by forfeit (-+)');
    expect(outcomeText('1/2', 'black')).toBe('a draw (½-½)');
    expect(reportedText('0-1', 'black')).toBe('that you won (0-1)');
    expect(reportedText('1/2', 'white')).toBe('a draw (½-½)');
    const board = buildBoard({ white: { id: 1, name: 'Berg, Anna', username: 'anna_berg', rating: 2000, tpn: 1 }, black: { id: 2, name: 'Bo', username: null, rating: null, tpn: 2 } });
    expect(resultInWords(board, '1-0')).toBe('anna_berg won (1-0)');
    expect(resultInWords(board, '-+')).toBe('Bo won by forfeit (-+)');
  });

  it("scores the match with a board's new result, the match's white team having White on odd boards", () => {
    const match = buildMatch({
      boards: [buildBoard({ board: 1, result: '1-0' }), buildBoard({ board: 2, white_team_colour: 'b' }), buildBoard({ board: 3, result: '' })],
    });
    // Board 2: White (the black team's player) wins.
    expect(matchWith(match, 2, '1-0', points)).toEqual({ score: '1 – 1', open: 1 });
    expect(matchWith(match, 3, '1/2', points)).toEqual({ score: '1½ – ½', open: 1 });
  });
});
