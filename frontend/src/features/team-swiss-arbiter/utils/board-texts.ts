import { t } from '@lingui/core/macro';

import { reportStatus, seatName, type Side } from '@/lib/team-swiss/board-reports';
import { resultLabel } from '@/lib/team-swiss/display';
import type { Board, BoardResult, Match } from '@/lib/team-swiss/types';

// The arbiter's words for a board, in the interface language: called while rendering.

/** The team a board's side plays for. */
const teamOf = (match: Match, board: Board, side: Side): string => {
  const tpn = board[side]?.tpn;
  if (tpn !== undefined) return tpn === match.white.tpn ? match.white.name : (match.black?.name ?? '');
  // Nobody fielded: the side's team from the board's colours (the match's white team has White on `white_team_colour`).
  const whiteTeam = (board.white_team_colour === 'w') === (side === 'white');
  return whiteTeam ? match.white.name : (match.black?.name ?? '');
};

/** "anna (Rooks, White)": the seat's player (or "nobody"), their team and colour. */
export const seatLabel = (match: Match, board: Board, side: Side) => {
  const name = seatName(board, side);
  const team = teamOf(match, board, side);
  return side === 'white'
    ? t({ message: `${name} (${team}, White)`, comment: 'A player on a board: name, team, colour of the pieces.' })
    : t({ message: `${name} (${team}, Black)`, comment: 'A player on a board: name, team, colour of the pieces.' });
};

/** What a board's result is and where it came from, for the arbiter. */
export const statusText = (board: Board): string => {
  const status = reportStatus(board);
  const result = resultLabel(board.result);
  switch (status.kind) {
    case 'none':
      return t({ message: 'no result', comment: "A board's result so far." });
    case 'disputed':
      return t({ message: 'disputed', comment: "A board's result so far: the players reported different results." });
    case 'reported': {
      const player = seatName(board, status.by);
      return t({ message: `${result}, reported by ${player}, not confirmed yet`, comment: '{result} is a result code (1-0).' });
    }
    case 'confirmed':
      return t({ message: `${result}, confirmed by both players`, comment: '{result} is a result code (1-0).' });
    case 'arbiter':
      return t({ message: `${result}, set by an arbiter`, comment: '{result} is a result code (1-0).' });
  }
};

/** The results a board takes (the server's rule): any while both players are there, else only a forfeit against the side that fielded nobody. */
export const choicesFor = (board: Board): { value: BoardResult; label: string }[] => {
  const white = seatName(board, 'white');
  const black = seatName(board, 'black');
  const all: { value: BoardResult; label: string }[] = [
    { value: '1-0', label: t({ message: `1-0 (${white} won)`, comment: 'A result to choose; the code before the brackets stays as it is.' }) },
    { value: '0-1', label: t({ message: `0-1 (${black} won)`, comment: 'A result to choose; the code before the brackets stays as it is.' }) },
    { value: '1/2', label: t({ message: '½-½ (draw)', comment: 'A result to choose; the code before the brackets stays as it is.' }) },
    { value: '+-', label: t({ message: `+- (${black} forfeits)`, comment: 'A result to choose; the code before the brackets stays as it is.' }) },
    { value: '-+', label: t({ message: `-+ (${white} forfeits)`, comment: 'A result to choose; the code before the brackets stays as it is.' }) },
    { value: '--', label: t({ message: '-- (both forfeit)', comment: 'A result to choose; the code before the brackets stays as it is.' }) },
  ];
  if (board.white === null && board.black === null) return all.filter((choice) => choice.value === '--');
  if (board.white === null) return all.filter((choice) => choice.value === '-+' || choice.value === '--');
  if (board.black === null) return all.filter((choice) => choice.value === '+-' || choice.value === '--');
  return all;
};
