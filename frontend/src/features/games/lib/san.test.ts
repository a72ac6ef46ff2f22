import { describe, expect, it } from 'vitest';

import { fenAfter, moveRows, moveText, parseTypedMove, sanMoves } from '@/features/games/lib/san';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

describe('sanMoves / moveRows', () => {
  it('turns the server UCI into SAN numbered by move', () => {
    const sans = sanMoves('e2e4 e7e5 g1f3 b8c6 f1b5');
    expect(sans).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
    expect(moveText(sans)).toBe('1. e4 e5 2. Nf3 Nc6 3. Bb5');
    expect(moveRows(sans).at(-1)).toEqual({ number: 3, white: 'Bb5', black: null });
  });

  it('writes checks, mates, castling and promotions', () => {
    expect(sanMoves('f2f3 e7e5 g2g4 d8h4')).toEqual(['f3', 'e5', 'g4', 'Qh4#']);
    expect(sanMoves('e2e4 e7e5 g1f3 g8f6 f1c4 f8c5 e1g1')).toContain('O-O');
    const promote = sanMoves('h2h4 g7g5 h4g5 h7h6 g5h6 f8g7 h6g7 g8f6 g7h8n');
    expect(promote.at(-1)).toBe('gxh8=N');
  });

  it('stops at an illegal move rather than inventing SAN', () => {
    expect(sanMoves('e2e4 e2e4')).toEqual(['e4']);
    expect(sanMoves('')).toEqual([]);
  });
});

describe('parseTypedMove', () => {
  it('reads SAN, a lower-case piece letter, castling with zeros and UCI', () => {
    expect(parseTypedMove('e4', START)).toEqual({ uci: 'e2e4' });
    expect(parseTypedMove('Nf3', START)).toEqual({ uci: 'g1f3' });
    expect(parseTypedMove('nf3', START)).toEqual({ uci: 'g1f3' });
    expect(parseTypedMove(' g1f3 ', START)).toEqual({ uci: 'g1f3' });
    const castle = fenAfter('e2e4 e7e5 g1f3 g8f6 f1c4 f8c5');
    expect(parseTypedMove('0-0', castle)).toEqual({ uci: 'e1h1' });
  });

  it('reads a promotion and asks for the piece when it is missing', () => {
    const fen = fenAfter('h2h4 g7g5 h4g5 h7h6 g5h6 f8g7 h6g7 g8f6');
    expect(parseTypedMove('gxh8=N', fen)).toEqual({ uci: 'g7h8n' });
    expect(parseTypedMove('g7h8n', fen)).toEqual({ uci: 'g7h8n' });
    expect(parseTypedMove('g7h8', fen)).toEqual({ error: expect.stringContaining('promote') });
  });

  it('refuses an illegal or empty move with a reason', () => {
    expect(parseTypedMove('e5', START)).toEqual({ error: 'e5 is not a legal move here.' });
    expect(parseTypedMove('Ke2', START)).toEqual({ error: 'Ke2 is not a legal move here.' });
    expect(parseTypedMove('  ', START)).toEqual({ error: 'Type a move, e.g. e4 or Nf3.' });
  });
});
