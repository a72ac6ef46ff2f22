import type { Match, SquadPlayer, TeamSwissEvent } from '@/lib/team-swiss/types';

/** "2.5" → "2½", "0.5" → "½", "3" → "3"; anything else as it came. */
export const formatPoints = (value: string | number | null | undefined): string => {
  if (value === null || value === undefined || value === '') return '';
  const number = Number(value);
  if (!Number.isFinite(number)) return String(value);
  const whole = Math.trunc(number);
  const half = Math.abs(number - whole) === 0.5;
  if (!half) return String(Number(number.toFixed(2)));
  return whole === 0 ? (number < 0 ? '−½' : '½') : `${whole}½`;
};

/** The match score on the boards ("2½ – 1½"), once the match is complete; a bye says so. */
export const matchScore = (match: Match): string | null => {
  if (match.black === null) return 'bye';
  if (match.white_game_points === null || match.black_game_points === null) return null;
  return `${formatPoints(match.white_game_points)} – ${formatPoints(match.black_game_points)}`;
};

export const resultLabel = (result: string): string => (result === '1/2' ? '½-½' : result);

/** The colour models of C.04.6 art. 1.7: a team's colour is its board-1 colour in a match. */
export const COLOUR_MODELS: Record<TeamSwissEvent['colour_model'], string> = {
  typea: 'Type A (FIDE’s default)',
  typeb: 'Type B (stronger alternation)',
  nocolor: 'No colour preferences',
};

/** What each colour model does, in plain words (C.04.6 art. 1.7.1, 1.7.2). */
export const COLOUR_MODEL_HELP: Record<TeamSwissEvent['colour_model'], string> = {
  typea:
    'A team is given the other colour on board 1 only once it has had one colour two times more than the other, or in both of its last two matches (C.04.6 art. 1.7.1).',
  typeb:
    'As type A, and besides a team that had one colour once more, or last time, should get the other (a milder wish, not applied in the last round). C.04.6 art. 1.7.2.',
  nocolor: 'Colours play no part in the pairing: teams are paired on their scores only (C.04.6 art. 1.7).',
};

export const PRIMARY_SCORES: Record<TeamSwissEvent['primary_score'], string> = {
  mp: 'Match points',
  gp: 'Game points',
};

export const STATUS_LABELS: Record<TeamSwissEvent['status'], string> = {
  created: 'Registration',
  started: 'In progress',
  finished: 'Finished',
};

/** "2/1/0" for a win, a draw and a loss. */
export const pointsLabel = ({ win, draw, loss }: { win: string; draw: string; loss: string }) =>
  [win, draw, loss].map(formatPoints).join('/');

/** A team's board colour on board `board` of a match: the match's white team has White on odd boards. */
export const boardColourOf = (board: number, isWhiteTeam: boolean): 'w' | 'b' =>
  (board % 2 === 1) === isWhiteTeam ? 'w' : 'b';

/**
 * The line-up rule the server applies (C.04.6 and the usual regulation): N different squad
 * players, in the squad's relative order. Returns the message for the first board out of order.
 */
export const lineupProblem = (squad: readonly SquadPlayer[], picked: readonly (number | null)[]): { board: number; message: string } | null => {
  const seen = new Set<number>();
  let last = -1;
  for (const [index, id] of picked.entries()) {
    const board = index + 1;
    if (id === null) {
      // Only the last boards may stay empty (lost by forfeit).
      if (picked.slice(index).every((later) => later === null)) return null;
      return { board, message: `Pick a player for board ${board}, or leave only the last boards empty.` };
    }
    if (seen.has(id)) return { board, message: 'This player already plays on another board.' };
    seen.add(id);
    const position = squad.findIndex((player) => player.id === id);
    if (position < 0) return { board, message: 'This player is not in the squad.' };
    if (position < last) return { board, message: 'Boards follow the squad order: this player is listed above the one on the board before.' };
    last = position;
  }
  return null;
};
