import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

import type { GameResult, Pairing, Standing } from '@/lib/swiss/types';

/** Points (white, black) each result gives; a pending board gives none. */
const SCORES: Record<string, [number, number]> = {
  '1-0': [1, 0],
  '0-1': [0, 1],
  '1/2-1/2': [0.5, 0.5],
  '+-': [1, 0],
  '-+': [0, 1],
  '--': [0, 0],
  '': [0, 0],
};

/** The results an arbiter may set, the code in each label (translated where they are shown). */
export const ARBITER_RESULTS: { value: GameResult; label: MessageDescriptor }[] = [
  { value: '1-0', label: msg`White wins (1-0)` },
  { value: '1/2-1/2', label: msg`Draw (½-½)` },
  { value: '0-1', label: msg`Black wins (0-1)` },
  { value: '+-', label: msg`White wins by forfeit (+/-)` },
  { value: '-+', label: msg`Black wins by forfeit (-/+)` },
  { value: '--', label: msg`Double forfeit (-/-)` },
];

export type StandingEffect = { username: string; before: number; after: number; placeBefore: number; placeAfter: number };

const place = (points: number[], mine: number) => 1 + points.filter((other) => other > mine).length;

/**
 * What a new result does to the two players' points and to their place by points (tie-breaks
 * are recomputed by the server; a place here is the best one the points allow).
 */
export const standingsEffect = (board: Pairing, result: GameResult, rows: Standing[]): StandingEffect[] => {
  const [oldWhite, oldBlack] = SCORES[board.result] ?? [0, 0];
  const [newWhite, newBlack] = SCORES[result] ?? [0, 0];
  const delta = new Map([
    [board.white, newWhite - oldWhite],
    [board.black, newBlack - oldBlack],
  ]);
  const before = rows.map((row) => Number(row.points));
  const after = rows.map((row) => Number(row.points) + (delta.get(row.username) ?? 0));
  return [board.white, board.black].map((username) => {
    const index = rows.findIndex((row) => row.username === username);
    const was = before[index] ?? 0;
    const now = after[index] ?? delta.get(username) ?? 0;
    return { username, before: was, after: now, placeBefore: place(before, was), placeAfter: place(after, now) };
  });
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a pairing-rule message names this player (as a whole name: "ann" is not "anna"). */
export const namesPlayer = (message: string, name: string): boolean =>
  name !== '' && new RegExp(`(^|[\\s,(])${escape(name)}(?=$|[\\s,)])`, 'u').test(message);

/**
 * The boards a pairing-rule message concerns. The API names players ("alice and bob already
 * played each other", "carol would have colour difference +3"); each board seating a player
 * the message names is concerned.
 */
export const boardsConcerned = (message: string, boards: { white: string; black: string }[]): number[] =>
  boards.flatMap((board, index) => (namesPlayer(message, board.white) || namesPlayer(message, board.black) ? [index] : []));
