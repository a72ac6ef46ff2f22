import { t } from '@lingui/core/macro';

import { formatPoints, resultLabel } from '@/lib/team-swiss/display';
import type { Board, BoardResult, Match, Points } from '@/lib/team-swiss/types';

export type Side = 'white' | 'black';

/**
 * Where a board's result stands, read from the players' two reports (the server's rule,
 * `common.board_reports`): the first report stands until the opponent confirms it or
 * contradicts it (disputed, for the arbiter); a result no report matches is an arbiter's.
 */
export type ReportStatus =
  | { kind: 'none' }
  | { kind: 'reported'; by: Side }
  | { kind: 'confirmed' }
  | { kind: 'disputed' }
  | { kind: 'arbiter' };

export const reportStatus = (board: Board): ReportStatus => {
  if (board.disputed) return { kind: 'disputed' };
  if (!board.result) return { kind: 'none' };
  const white = board.white_report === board.result;
  const black = board.black_report === board.result;
  if (white && black) return { kind: 'confirmed' };
  if (white && board.black_report === '') return { kind: 'reported', by: 'white' };
  if (black && board.white_report === '') return { kind: 'reported', by: 'black' };
  return { kind: 'arbiter' };
};

/** The viewer's colour on the board, if they play it. */
export const sideOf = (board: Board, username: string | null): Side | null => {
  if (!username) return null;
  if (board.white?.username === username) return 'white';
  if (board.black?.username === username) return 'black';
  return null;
};

export const otherSide = (side: Side): Side => (side === 'white' ? 'black' : 'white');

/** A seat's name as the page shows it: the account's username, else the squad line's name. */
export const seatName = (board: Board, side: Side): string => {
  const seat = board[side];
  return seat ? (seat.username ?? seat.name) : t({ message: 'nobody', comment: 'the player of an empty seat on a board' });
};

export type Outcome = 'won' | 'draw' | 'lost';

/** The viewer's three outcomes as the result their colour makes of them (from White's side),
 * each with its button's words ("I won", "Draw", "I lost"). */
export const outcomesFor = (side: Side): { outcome: Outcome; label: string; result: BoardResult }[] => [
  { outcome: 'won', label: t({ message: 'I won', comment: 'a player reports the result of their game' }), result: side === 'white' ? '1-0' : '0-1' },
  { outcome: 'draw', label: t({ message: 'Draw', comment: 'a player reports the result of their game' }), result: '1/2' },
  { outcome: 'lost', label: t({ message: 'I lost', comment: 'a player reports the result of their game' }), result: side === 'white' ? '0-1' : '1-0' },
];

/**
 * A result from `side`'s player's point of view: "you won (1-0)", "you lost by forfeit (-+)",
 * "a draw (½-½)". `person` names who: the viewer ("you") by default, or a player's name
 * ("anna won (1-0)").
 */
export const outcomeText = (result: string, side: Side, person?: string): string => {
  const label = resultLabel(result);
  if (result === '1/2') return t({ message: `a draw (${label})`, comment: 'a game’s result inside a sentence; {label} is the result code' });
  if (result === '--') return t({ message: `a double forfeit (${label})`, comment: 'a game’s result inside a sentence; {label} is the result code' });
  const whiteWins = result === '1-0' || result === '+-';
  const won = whiteWins === (side === 'white');
  const forfeit = result === '+-' || result === '-+';
  if (person === undefined) {
    if (forfeit) return won ? t({ message: `you won by forfeit (${label})`, comment: 'a game’s result inside a sentence; {label} is the result code' }) : t({ message: `you lost by forfeit (${label})`, comment: 'a game’s result inside a sentence; {label} is the result code' });
    return won ? t({ message: `you won (${label})`, comment: 'a game’s result inside a sentence; {label} is the result code' }) : t({ message: `you lost (${label})`, comment: 'a game’s result inside a sentence; {label} is the result code' });
  }
  if (forfeit)
    return won
      ? t({ message: `${person} won by forfeit (${label})`, comment: 'a game’s result inside a sentence; {label} is the result code' })
      : t({ message: `${person} lost by forfeit (${label})`, comment: 'a game’s result inside a sentence; {label} is the result code' });
  return won ? t({ message: `${person} won (${label})`, comment: 'a game’s result inside a sentence; {label} is the result code' }) : t({ message: `${person} lost (${label})`, comment: 'a game’s result inside a sentence; {label} is the result code' });
};

/** "that you won (1-0)" / "a draw (½-½)": what follows "reported". */
export const reportedText = (result: string, side: Side, person?: string): string => {
  if (result === '1/2' || result === '--') {
    const outcome = outcomeText(result, side, person);
    // A draw and a double forfeit read the same after "reported".
    return outcome;
  }
  const label = resultLabel(result);
  const whiteWins = result === '1-0' || result === '+-';
  const won = whiteWins === (side === 'white');
  const forfeit = result === '+-' || result === '-+';
  if (person === undefined) {
    if (forfeit) return won ? t({ message: `that you won by forfeit (${label})`, comment: 'completes “… reported …”; {label} is the result code' }) : t({ message: `that you lost by forfeit (${label})`, comment: 'completes “… reported …”; {label} is the result code' });
    return won ? t({ message: `that you won (${label})`, comment: 'completes “… reported …”; {label} is the result code' }) : t({ message: `that you lost (${label})`, comment: 'completes “… reported …”; {label} is the result code' });
  }
  if (forfeit)
    return won
      ? t({ message: `that ${person} won by forfeit (${label})`, comment: 'completes “… reported …”; {label} is the result code' })
      : t({ message: `that ${person} lost by forfeit (${label})`, comment: 'completes “… reported …”; {label} is the result code' });
  return won ? t({ message: `that ${person} won (${label})`, comment: 'completes “… reported …”; {label} is the result code' }) : t({ message: `that ${person} lost (${label})`, comment: 'completes “… reported …”; {label} is the result code' });
};

/** A result in words from White's side, naming the winner: "anna won (1-0)", "a draw (½-½)". */
export const resultInWords = (board: Board, result: string): string => {
  if (result === '1/2' || result === '--') return outcomeText(result, 'white');
  const whiteWins = result === '1-0' || result === '+-';
  return outcomeText(result, whiteWins ? 'white' : 'black', seatName(board, whiteWins ? 'white' : 'black'));
};

const OUTCOMES: Record<string, ['w' | 'd' | 'l', 'w' | 'd' | 'l']> = {
  '1-0': ['w', 'l'],
  '0-1': ['l', 'w'],
  '1/2': ['d', 'd'],
  '+-': ['w', 'l'],
  '-+': ['l', 'w'],
  '--': ['l', 'l'],
};

/**
 * The match's game points with `result` on board `boardNumber` (the server's `match_score`:
 * the match's white team has White on its odd boards), and how many boards still have none.
 */
export const matchWith = (match: Match, boardNumber: number, result: BoardResult, points: Points) => {
  const value = { w: Number(points.win), d: Number(points.draw), l: Number(points.loss) };
  const game = [0, 0];
  let open = 0;
  for (const board of match.boards) {
    const outcome = OUTCOMES[board.board === boardNumber ? result : board.result];
    if (!outcome) {
      open += 1;
      continue;
    }
    const [first, second] = board.white_team_colour === 'w' ? [0, 1] : [1, 0];
    game[first] = (game[first] ?? 0) + value[outcome[0]];
    game[second] = (game[second] ?? 0) + value[outcome[1]];
  }
  return { score: `${formatPoints(game[0])} – ${formatPoints(game[1])}`, open };
};
