import { describe, expect, it } from 'vitest';

import { destinations, moveRows } from '@/features/games/lib/san';
import { parseTypedMove } from '@/features/games/lib/typed-move';

// The server's `legal` (python `chess`; tests/games/test_apis.py checks it) at the start.
const START = {
  a3: 'a2a3', a4: 'a2a4', b3: 'b2b3', b4: 'b2b4', c3: 'c2c3', c4: 'c2c4', d3: 'd2d3', d4: 'd2d4',
  e3: 'e2e3', e4: 'e2e4', f3: 'f2f3', f4: 'f2f4', g3: 'g2g3', g4: 'g2g4', h3: 'h2h3', h4: 'h2h4',
  Na3: 'b1a3', Nc3: 'b1c3', Nf3: 'g1f3', Nh3: 'g1h3',
};
// Some of White's moves after 1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5, as the server writes them.
const CASTLE = { 'O-O': 'e1g1', Ke2: 'e1e2', Kf1: 'e1f1', 'Bxf7+': 'c4f7', Nxe5: 'f3e5', Qe2: 'd1e2' };
// Some of White's moves after 1. h4 g5 2. hxg5 h6 3. gxh6 Bg7 4. hxg7 Nf6: g7 promotes on h8 or g8.
const PROMOTE = {
  'gxh8=Q+': 'g7h8q', 'gxh8=R+': 'g7h8r', 'gxh8=B': 'g7h8b', 'gxh8=N': 'g7h8n',
  'g8=Q+': 'g7g8q', 'g8=R+': 'g7g8r', 'g8=B': 'g7g8b', 'g8=N': 'g7g8n', 'Rxh8+': 'h1h8',
};

describe('moveRows', () => {
  it('numbers SAN moves by full move', () => {
    const rows = moveRows(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5']);
    expect(rows).toHaveLength(3);
    expect(rows.at(-1)).toEqual({ number: 3, white: 'Bb5', black: null });
    expect(moveRows([])).toEqual([]);
  });
});

describe('destinations', () => {
  it('groups the legal moves by origin, one destination for the four promotions', () => {
    const dests = destinations(PROMOTE);
    expect(dests.get('g7')).toEqual(['h8', 'g8']);
    expect(dests.get('h1')).toEqual(['h8']);
    expect(destinations(START).get('g1')).toEqual(['f3', 'h3']);
    expect(destinations({}).size).toBe(0);
  });
});

describe('parseTypedMove', () => {
  it('reads SAN, a lower-case piece letter, castling with zeros and UCI', () => {
    expect(parseTypedMove('e4', START)).toEqual({ uci: 'e2e4' });
    expect(parseTypedMove('Nf3', START)).toEqual({ uci: 'g1f3' });
    expect(parseTypedMove('nf3', START)).toEqual({ uci: 'g1f3' });
    expect(parseTypedMove(' g1f3 ', START)).toEqual({ uci: 'g1f3' });
    expect(parseTypedMove('0-0', CASTLE)).toEqual({ uci: 'e1g1' });
    expect(parseTypedMove('Bxf7+', CASTLE)).toEqual({ uci: 'c4f7' });
    expect(parseTypedMove('Bxf7', CASTLE)).toEqual({ uci: 'c4f7' });
  });

  it('reads a promotion with or without its check sign, and asks for a missing piece', () => {
    expect(parseTypedMove('gxh8=N', PROMOTE)).toEqual({ uci: 'g7h8n' });
    expect(parseTypedMove('gxh8=Q', PROMOTE)).toEqual({ uci: 'g7h8q' });
    expect(parseTypedMove('g7h8n', PROMOTE)).toEqual({ uci: 'g7h8n' });
    expect(parseTypedMove('g7h8', PROMOTE)).toEqual({ error: expect.stringContaining('promote') });
    expect(parseTypedMove('gxh8', PROMOTE)).toEqual({ error: expect.stringContaining('promote') });
  });

  it('refuses an illegal or empty move with a reason', () => {
    expect(parseTypedMove('e5', START)).toEqual({ error: 'e5 is not a legal move here.' });
    expect(parseTypedMove('Ke2', START)).toEqual({ error: 'Ke2 is not a legal move here.' });
    expect(parseTypedMove('  ', START)).toEqual({ error: 'Type a move, e.g. e4 or Nf3.' });
    expect(parseTypedMove('e4', {})).toEqual({ error: 'e4 is not a legal move here.' });
  });
});
