import type { OtbGame, OtbGameSaved, ResultEntry } from '@/features/otb-games/types/otb-game';
import type { RoundUpload, UploadedGame } from '@/features/otb-games/types/upload';

/** The positions of 1. e4 e5 2. Nf3 as python `chess` writes them (the API's `fens`). */
export const OPENING = {
  san: ['e4', 'e5', 'Nf3'],
  uci: ['e2e4', 'e7e5', 'g1f3'],
  fens: [
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
    'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2',
    'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2',
  ],
};

/** A board's game as the API answers it: by default 1. e4 e5 2. Nf3, still "*". */
export const buildOtbGame = (overrides: Partial<OtbGame> = {}): OtbGame => ({
  pairing_id: 41,
  tournament_id: 7,
  round: 3,
  board: 1,
  white: { name: 'Carlsen, Magnus', username: null, rating: 2830, title: 'GM', fide_id: '1503014' },
  black: { name: 'jane', username: 'jane', rating: 1850, title: '', fide_id: '' },
  moves: OPENING.uci.join(' '),
  uci: OPENING.uci,
  san: OPENING.san,
  fens: OPENING.fens,
  ply: 3,
  result: '*',
  board_result: '',
  disputed: false,
  tags: {},
  started_at: null,
  entered_by: 'arbiter',
  by_leader: true,
  entered_at: '2026-03-01T18:30:00Z',
  pgn: '[Event "Club"]\n[Round "3.1"]\n[White "Carlsen, Magnus"]\n[Black "jane"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 *\n',
  ...overrides,
});

/** A board nobody has entered a game for. */
export const buildEmptyGame = (overrides: Partial<OtbGame> = {}): OtbGame =>
  buildOtbGame({
    moves: '',
    uci: [],
    san: [],
    fens: OPENING.fens.slice(0, 1),
    ply: 0,
    entered_by: null,
    by_leader: false,
    entered_at: null,
    pgn: '[Event "Club"]\n[Round "3.1"]\n[Result "*"]\n\n*\n',
    ...overrides,
  });

export const buildSaved = (game: OtbGame, resultEntry: ResultEntry): OtbGameSaved => ({ ...game, result_entry: resultEntry });

export const buildUploadedGame = (overrides: Partial<UploadedGame> = {}): UploadedGame => ({
  index: 1,
  white: 'Carlsen, Magnus',
  black: 'jane',
  round_tag: '3.1',
  board: 1,
  status: 'saved',
  message: 'Board 1.',
  result: '1-0',
  result_entry: { status: 'set', message: "The board's result is now 1-0." },
  ...overrides,
});

export const buildUpload = (overrides: Partial<RoundUpload> = {}): RoundUpload => ({
  round: 3,
  saved: 1,
  games: [buildUploadedGame()],
  boards_without_game: [],
  ...overrides,
});
