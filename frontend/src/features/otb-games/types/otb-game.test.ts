import { OPENING, buildOtbGame } from '@/features/otb-games/testing/builders';
import { entryRight, entryText, fenPieces, moveRows, movetext, plyLabel, statedResult } from '@/features/otb-games/types/otb-game';

describe('the move helpers', () => {
  it('number the moves by full move, each with its ply', () => {
    expect(moveRows(OPENING.san)).toEqual([
      { number: 1, white: { ply: 1, san: 'e4' }, black: { ply: 2, san: 'e5' } },
      { number: 2, white: { ply: 3, san: 'Nf3' }, black: null },
    ]);
    expect(moveRows([])).toEqual([]);
    expect(movetext(OPENING.san)).toBe('1. e4 e5 2. Nf3');
    expect(plyLabel(3, 'Nf3')).toBe('2. Nf3');
    expect(plyLabel(24, 'Nf6')).toBe('12... Nf6');
  });

  it('start the entry field with the kept tags (escaped) and the moves, never a result', () => {
    expect(entryText(buildOtbGame({ result: '1-0' }))).toBe('1. e4 e5 2. Nf3');
    expect(entryText(buildOtbGame({ tags: { Annotator: 'Kasparov "Gazza"', Source: 'a\\b' } }))).toBe(
      '[Annotator "Kasparov \\"Gazza\\""]\n[Source "a\\\\b"]\n\n1. e4 e5 2. Nf3',
    );
    expect(entryText(buildOtbGame({ san: [] }))).toBe('');
  });

  it('read the result a text states: its closing result first, else its Result tag', () => {
    expect(statedResult('1. e4 e5 2. Nf3 1-0')).toBe('1-0');
    expect(statedResult('1. e4 e5 1/2-1/2\n')).toBe('1/2-1/2');
    expect(statedResult('[Result "0-1"]\n\n1. e4 e5')).toBe('0-1');
    expect(statedResult('[Result "0-1"]\n\n1. e4 e5 *')).toBe('*');
    expect(statedResult('1. e4 e5 2. Nf3')).toBeNull();
    // A move that merely ends in the same characters is no result.
    expect(statedResult('1. e4 e5 2. a1-0')).toBeNull();
  });

  it('place the pieces of a FEN on files and ranks from a1', () => {
    const pieces = fenPieces(OPENING.fens[3] ?? '');
    expect(pieces).toHaveLength(32);
    expect(pieces).toContainEqual({ file: 5, rank: 2, colour: 'white', role: 'knight' });
    expect(pieces).toContainEqual({ file: 4, rank: 4, colour: 'black', role: 'pawn' });
    expect(pieces).not.toContainEqual({ file: 6, rank: 0, colour: 'white', role: 'knight' });
  });
});

describe('entryRight', () => {
  const mine = buildOtbGame({ black: { name: 'jane', username: 'jane', rating: 1850, title: '', fide_id: '' }, by_leader: false });

  it('lets a leader enter any board of an event that is not cancelled, finished ones included', () => {
    expect(entryRight({ game: buildOtbGame({ result: '1-0' }), username: 'boss', isLeader: true, eventStatus: 'finished' })).toEqual({
      may: true,
      asLeader: true,
    });
    expect(entryRight({ game: mine, username: 'boss', isLeader: true, eventStatus: 'cancelled' })).toEqual({ may: false, reason: null });
  });

  it('lets a player enter their own board while the event runs and the game is theirs and "*"', () => {
    expect(entryRight({ game: mine, username: 'jane', isLeader: false, eventStatus: 'running' })).toEqual({ may: true, asLeader: false });
    expect(entryRight({ game: mine, username: 'carol', isLeader: false, eventStatus: 'running' })).toEqual({ may: false, reason: null });
    expect(entryRight({ game: mine, username: null, isLeader: false, eventStatus: 'running' })).toEqual({ may: false, reason: null });
    expect(entryRight({ game: mine, username: 'jane', isLeader: false, eventStatus: 'finished' })).toMatchObject({
      may: false,
      reason: expect.stringContaining('not running'),
    });
    expect(entryRight({ game: { ...mine, result: '0-1' }, username: 'jane', isLeader: false, eventStatus: 'running' })).toMatchObject({
      reason: 'This game is finished: ask the arbiter to correct it.',
    });
    expect(entryRight({ game: { ...mine, by_leader: true }, username: 'jane', isLeader: false, eventStatus: 'running' })).toMatchObject({
      reason: 'The arbiter entered this game: only the arbiter changes it now.',
    });
    // No game yet: nobody entered it, whatever the flag says.
    expect(entryRight({ game: { ...mine, by_leader: true, entered_at: null }, username: 'jane', isLeader: false, eventStatus: 'running' })).toEqual({
      may: true,
      asLeader: false,
    });
  });
});
