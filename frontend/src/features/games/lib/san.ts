import { Chess } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import { makeSanAndPlay, parseSan } from 'chessops/san';
import { makeUci, parseUci } from 'chessops/util';

/** The game's UCI moves (space-separated, as the server keeps them) in SAN, from the start. */
export const sanMoves = (uciMoves: string): string[] => {
  const position = Chess.default();
  const sans: string[] = [];
  for (const uci of uciMoves.split(' ').filter(Boolean)) {
    const move = parseUci(uci);
    if (!move || !position.isLegal(move)) break;
    sans.push(makeSanAndPlay(position, move));
  }
  return sans;
};

export type MoveRow = { number: number; white: string; black: string | null };

/** Moves numbered by full move, as in `1. e4 e5 2. Nf3`. */
export const moveRows = (sans: readonly string[]): MoveRow[] => {
  const rows: MoveRow[] = [];
  for (let i = 0; i < sans.length; i += 2) rows.push({ number: i / 2 + 1, white: sans[i] ?? '', black: sans[i + 1] ?? null });
  return rows;
};

export const moveText = (sans: readonly string[]): string =>
  moveRows(sans)
    .map((row) => `${row.number}. ${row.white}${row.black ? ` ${row.black}` : ''}`)
    .join(' ');

export type TypedMove = { uci: string } | { error: string };

/** A move typed on the keyboard ("e4", "Nf3", "exd5", "O-O", "e8=N", or UCI "e2e4"), in the
 * position `fen`: the UCI to send, or why it is refused. Case of the piece letter is forgiven
 * where it is unambiguous (a lower-case "nf3"; "b" stays a pawn file). */
export const parseTypedMove = (text: string, fen: string): TypedMove => {
  const typed = text.trim().replace(/[+#!?]+$/, '');
  if (!typed) return { error: 'Type a move, e.g. e4 or Nf3.' };
  const setup = parseFen(fen);
  if (setup.isErr) return { error: 'The position is not known.' };
  const position = Chess.fromSetup(setup.value);
  if (position.isErr) return { error: 'The position is not known.' };
  const pos = position.value;
  const candidates = [typed, typed.replace(/^0-0-0$/, 'O-O-O').replace(/^0-0$/, 'O-O'), typed.charAt(0).toUpperCase() + typed.slice(1)];
  for (const candidate of candidates) {
    const move = parseSan(pos, candidate);
    if (move) return { uci: makeUci(move) };
  }
  const uci = parseUci(typed.toLowerCase());
  if (uci && pos.isLegal(uci)) return { uci: makeUci(uci) };
  // A pawn move to the last rank without its piece ("e7e8", "e8"): ask for the piece.
  const promotion = parseUci(`${typed.toLowerCase()}q`) ?? parseSan(pos, `${typed}=Q`);
  if (promotion && pos.isLegal(promotion)) return { error: 'Say which piece to promote to, e.g. e8=Q or e7e8q.' };
  return { error: `${text.trim()} is not a legal move here.` };
};

/** The position's FEN after the given UCI moves (for a typed move before the server answers). */
export const fenAfter = (uciMoves: string): string => {
  const position = Chess.default();
  for (const uci of uciMoves.split(' ').filter(Boolean)) {
    const move = parseUci(uci);
    if (move && position.isLegal(move)) position.play(move);
  }
  return makeFen(position.toSetup());
};
