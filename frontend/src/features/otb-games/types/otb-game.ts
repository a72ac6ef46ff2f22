import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';

import type { components } from '@/lib/api-types';

type Schemas = components['schemas'];

export type OtbGame = Schemas['OtbGame'];
export type OtbGameSaved = Schemas['OtbGameSaved'];
export type OtbPlayer = Schemas['OtbPlayer'];
export type OtbResult = Schemas['OtbResultEnum'];
export type ResultEntry = Schemas['OtbResultEntry'];

/** The results a game can be saved with, in the order a scoresheet's box lists them. */
export const RESULT_CHOICES: readonly { value: OtbResult; label: MessageDescriptor }[] = [
  { value: '*', label: msg`* — in progress` },
  { value: '1-0', label: msg`1-0 — White won` },
  { value: '1/2-1/2', label: msg`½-½ — draw` },
  { value: '0-1', label: msg`0-1 — Black won` },
];

const RESULT_LABELS: Record<string, string> = { '1-0': '1-0', '0-1': '0-1', '1/2-1/2': '½-½', '+-': '+/-', '-+': '-/+', '--': '-/-' };

/** A result as players read it ("½-½"); `*` or no result reads as null. */
export const resultLabel = (result: string): string | null => RESULT_LABELS[result] ?? null;

export type MoveCell = { ply: number; san: string };
export type MoveRow = { number: number; white: MoveCell | null; black: MoveCell | null };

/** The moves by full move, each with its ply (1 for White's first), for the move list. */
export const moveRows = (sans: readonly string[]): MoveRow[] => {
  const rows: MoveRow[] = [];
  for (let index = 0; index < sans.length; index += 2) {
    const black = sans[index + 1];
    rows.push({
      number: index / 2 + 1,
      white: { ply: index + 1, san: sans[index] ?? '' },
      black: black === undefined ? null : { ply: index + 2, san: black },
    });
  }
  return rows;
};

/** "12. Nf3" or "12... Nf6", as a scoresheet (and the API's messages) number a ply. */
export const plyLabel = (ply: number, san: string): string => `${Math.ceil(ply / 2)}${ply % 2 === 1 ? '.' : '...'} ${san}`;

/** The moves as numbered movetext: "1. e4 e5 2. Nf3". */
export const movetext = (sans: readonly string[]): string =>
  sans.map((san, index) => (index % 2 === 0 ? `${index / 2 + 1}. ${san}` : san)).join(' ');

// PGN escapes a quote and a backslash inside a tag's value with a backslash.
const tagPair = (name: string, value: string) => `[${name} "${value.replace(/[\\"]/g, (c) => `\\${c}`)}"]`;

/**
 * What the entry field starts with: the game's kept tags as PGN tag pairs (saving the text again
 * would drop them otherwise: each save replaces the game), then its moves, without a result
 * (the result is the select's), so that moves typed at the end continue the game.
 */
export const entryText = (game: Pick<OtbGame, 'san' | 'tags'>): string => {
  const tags = Object.entries(game.tags).map(([name, value]) => tagPair(name, value));
  const moves = movetext(game.san);
  return tags.length ? `${tags.join('\n')}\n\n${moves}` : moves;
};

const RESULT_TOKEN = /(?:^|\s)(1-0|0-1|1\/2-1\/2|\*)\s*$/;
const RESULT_TAG = /\[\s*Result\s+"(1-0|0-1|1\/2-1\/2|\*)"\s*\]/;

/**
 * The result a typed or pasted text states, as the server reads it: its movetext's closing
 * result, else its Result tag; null when it states none. The result select follows it, so that
 * what the page shows is what is saved.
 */
export const statedResult = (text: string): OtbResult | null => {
  const end = RESULT_TOKEN.exec(text);
  if (end) return end[1] as OtbResult;
  const tag = RESULT_TAG.exec(text);
  return tag ? (tag[1] as OtbResult) : null;
};

const ROLES: Record<string, string> = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };

export type PlacedPiece = { file: number; rank: number; colour: 'white' | 'black'; role: string };

/** The pieces of a FEN's placement field; files and ranks count from 0 (a1 is 0, 0). */
export const fenPieces = (fen: string): PlacedPiece[] => {
  const pieces: PlacedPiece[] = [];
  (fen.split(' ')[0] ?? '').split('/').forEach((row, index) => {
    const rank = 7 - index;
    let file = 0;
    for (const char of row) {
      if (/\d/.test(char)) {
        file += Number(char);
        continue;
      }
      const role = ROLES[char.toLowerCase()];
      if (role) pieces.push({ file, rank, colour: char === char.toUpperCase() ? 'white' : 'black', role });
      file += 1;
    }
  });
  return pieces;
};

/** A square's name ("e4") as file and rank from 0; null for anything else. */
export const squareAt = (name: string): { file: number; rank: number } | null =>
  /^[a-h][1-8]$/.test(name) ? { file: name.charCodeAt(0) - 97, rank: Number(name[1]) - 1 } : null;

/** Who may enter this board's game here, as the API decides it (docs/otb-games.md, "Entering a game");
 * `reason` is in the interface's language (entryRight is called at render). */
export type EntryRight = { may: true; asLeader: boolean } | { may: false; reason: string | null };

export const entryRight = ({
  game,
  username,
  isLeader,
  eventStatus,
}: {
  game: Pick<OtbGame, 'white' | 'black' | 'result' | 'by_leader' | 'entered_at'>;
  username: string | null;
  isLeader: boolean;
  eventStatus: string | undefined;
}): EntryRight => {
  if (eventStatus === undefined || eventStatus === 'cancelled') return { may: false, reason: null };
  if (isLeader) return { may: true, asLeader: true };
  const plays = username !== null && (game.white.username === username || game.black.username === username);
  if (!plays) return { may: false, reason: null };
  if (eventStatus !== 'running') return { may: false, reason: t`The event is not running: only the arbiter enters games now.` };
  if (game.entered_at && game.by_leader) return { may: false, reason: t`The arbiter entered this game: only the arbiter changes it now.` };
  if (game.result !== '*') return { may: false, reason: t`This game is finished: ask the arbiter to correct it.` };
  return { may: true, asLeader: false };
};

/** How a result entry reads: calm when the board simply follows, a warning when the arbiter must look. */
export const entryTone = (status: ResultEntry['status']): 'ok' | 'warn' =>
  status === 'disputed' || status === 'kept' || status === 'refused' ? 'warn' : 'ok';
