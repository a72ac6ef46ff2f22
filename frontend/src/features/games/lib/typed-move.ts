import { t } from '@lingui/core/macro';

import type { LegalMoves } from '@/features/games/lib/san';

// Apart from san.ts: only the keyboard input reads typed moves, and it loads after the board.

const bare = (san: string) => san.replace(/[+#!?]+$/, '');

export type TypedMove = { uci: string } | { error: string };

/** A move typed on the keyboard ("e4", "Nf3", "exd5", "O-O", "e8=N", or UCI "e2e4"): the UCI to
 * send, or why it is refused. Case of the piece letter is forgiven where it is unambiguous (a
 * lower-case "nf3"; "b" stays a pawn file). */
export const parseTypedMove = (text: string, legal: LegalMoves): TypedMove => {
  const typed = bare(text.trim());
  if (!typed) return { error: t`Type a move, e.g. e4 or Nf3.` };
  const bySan = new Map(Object.entries(legal).map(([san, uci]) => [bare(san), uci]));
  const ucis = new Set(Object.values(legal));
  const castling = typed.replace(/^0-0-0$/, 'O-O-O').replace(/^0-0$/, 'O-O');
  for (const candidate of [typed, castling, typed.charAt(0).toUpperCase() + typed.slice(1)]) {
    const uci = bySan.get(candidate);
    if (uci) return { uci };
  }
  const lower = typed.toLowerCase();
  if (ucis.has(lower)) return { uci: lower };
  // A pawn move to the last rank without its piece ("e7e8", "e8"): ask for the piece.
  if (ucis.has(`${lower}q`) || bySan.has(`${typed}=Q`)) return { error: t`Say which piece to promote to, e.g. e8=Q or e7e8q.` };
  const move = text.trim();
  return { error: t`${move} is not a legal move here.` };
};
