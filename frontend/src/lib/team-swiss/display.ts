import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';

import { numberText } from '@/lib/i18n/format';
import type { Match, SquadPlayer, TeamSwissEvent } from '@/lib/team-swiss/types';

/**
 * Descriptors read as plain strings: each read translates in the language active at that
 * moment, so read it while rendering and never keep the string (for code that wants strings,
 * as `COLOUR_MODELS[model]`; a component may as well translate the descriptors itself).
 */
const translatedView = <K extends string>(messages: Record<K, MessageDescriptor>): Readonly<Record<K, string>> => {
  const view = {} as Record<K, string>;
  for (const key of Object.keys(messages) as K[]) Object.defineProperty(view, key, { enumerable: true, get: () => t(messages[key]) });
  return view;
};

/** "2.5" → "2½", "0.5" → "½", "3" → "3"; anything else as it came. */
export const formatPoints = (value: string | number | null | undefined): string => {
  if (value === null || value === undefined || value === '') return '';
  const number = Number(value);
  if (!Number.isFinite(number)) return String(value);
  const whole = Math.trunc(number);
  const half = Math.abs(number - whole) === 0.5;
  if (!half) return numberText(Number(number.toFixed(2)), { maximumFractionDigits: 2 });
  return whole === 0 ? (number < 0 ? '−½' : '½') : `${whole}½`;
};

/** The match score on the boards ("2½ – 1½"), once the match is complete; a bye says so. */
export const matchScore = (match: Match): string | null => {
  if (match.black === null) return t({ message: 'bye', comment: 'a team without an opponent in a round' });
  if (match.white_game_points === null || match.black_game_points === null) return null;
  return `${formatPoints(match.white_game_points)} – ${formatPoints(match.black_game_points)}`;
};

export const resultLabel = (result: string): string => (result === '1/2' ? '½-½' : result);

/** The colour models of C.04.6 art. 1.7: a team's colour is its board-1 colour in a match. */
export const COLOUR_MODEL_MESSAGES: Record<TeamSwissEvent['colour_model'], MessageDescriptor> = {
  typea: msg({ message: 'Type A (FIDE’s default)', comment: 'a colour model of the FIDE team Swiss rules (C.04.6 art. 1.7)' }),
  typeb: msg({ message: 'Type B (stronger alternation)', comment: 'a colour model of the FIDE team Swiss rules (C.04.6 art. 1.7)' }),
  nocolor: msg({ message: 'No colour preferences', comment: 'a colour model of the FIDE team Swiss rules (C.04.6 art. 1.7)' }),
};

/** What each colour model does, in plain words (C.04.6 art. 1.7.1, 1.7.2). */
export const COLOUR_MODEL_HELP_MESSAGES: Record<TeamSwissEvent['colour_model'], MessageDescriptor> = {
  typea: msg`A team is given the other colour on board 1 only once it has had one colour two times more than the other, or in both of its last two matches (C.04.6 art. 1.7.1).`,
  typeb: msg`As type A, and besides a team that had one colour once more, or last time, should get the other (a milder wish, not applied in the last round). C.04.6 art. 1.7.2.`,
  nocolor: msg`Colours play no part in the pairing: teams are paired on their scores only (C.04.6 art. 1.7).`,
};

export const PRIMARY_SCORE_MESSAGES: Record<TeamSwissEvent['primary_score'], MessageDescriptor> = {
  mp: msg({ message: 'Match points', comment: 'the score teams are ranked by: points for the matches won or drawn' }),
  gp: msg({ message: 'Game points', comment: 'the score teams are ranked by: points for the games won or drawn' }),
};

export const STATUS_MESSAGES: Record<TeamSwissEvent['status'], MessageDescriptor> = {
  created: msg({ message: 'Registration', comment: 'status of a team Swiss event that takes team registrations' }),
  started: msg({ message: 'In progress', comment: 'status of an event being played' }),
  finished: msg({ message: 'Finished', comment: 'status of an event that is over' }),
};

/** The same, as strings translated on each read (see `translatedView`). */
export const COLOUR_MODELS = translatedView(COLOUR_MODEL_MESSAGES);
export const COLOUR_MODEL_HELP = translatedView(COLOUR_MODEL_HELP_MESSAGES);
export const PRIMARY_SCORES = translatedView(PRIMARY_SCORE_MESSAGES);
export const STATUS_LABELS = translatedView(STATUS_MESSAGES);

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
      return { board, message: t`Pick a player for board ${board}, or leave only the last boards empty.` };
    }
    if (seen.has(id)) return { board, message: t`This player already plays on another board.` };
    seen.add(id);
    const position = squad.findIndex((player) => player.id === id);
    if (position < 0) return { board, message: t`This player is not in the squad.` };
    if (position < last) return { board, message: t`Boards follow the squad order: this player is listed above the one on the board before.` };
    last = position;
  }
  return null;
};
