import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';

import type { Pairing } from '@/lib/swiss/types';
import { useUserSocket } from '@/lib/user-socket';

export type LeaderNotice = { key: string; text: string; href: string };

/** What happened, kept as data: its words are written when shown (in the language of the moment). */
type Happening =
  | { key: string; kind: 'due'; round: number }
  | { key: string; kind: 'failed'; reason: string }
  | { key: string; kind: 'dispute'; board: number; white: string; black: string };

/**
 * What a leader must act on: a round that failed to pair (pushed on `/ws/me/`, with the
 * engine's reason), a round due in a manual-only event (`pairing_due`) and a board that became
 * disputed (seen in the live round's boards).
 */
export const useLeaderNotifications = (tournamentId: number, boards: Pairing[]) => {
  const { t } = useLingui();
  const [happenings, setHappenings] = useState<Happening[]>([]);
  const add = (happening: Happening) =>
    setHappenings((current) => (current.some((n) => n.key === happening.key) ? current : [happening, ...current]));

  useUserSocket((message) => {
    if (message.event === 'pairing_due' && message.payload.tournament === tournamentId) {
      // A manual-only event: the round is due and waits for the leader's pairing.
      add({ key: `due-${message.payload.round}`, kind: 'due', round: message.payload.round });
      return;
    }
    if (message.event !== 'pairing_failed' || message.payload.tournament !== tournamentId) return;
    add({ key: `failed-${Date.now()}`, kind: 'failed', reason: message.payload.message });
  });

  // Boards already disputed when the page opened are in the queue; only new ones notify.
  const seen = useRef<Set<number> | null>(null);
  useEffect(() => {
    const disputed = boards.filter((board) => board.disputed);
    if (seen.current === null) {
      if (boards.length) seen.current = new Set(disputed.map((board) => board.id));
      return;
    }
    for (const board of disputed) {
      if (seen.current.has(board.id)) continue;
      seen.current.add(board.id);
      add({ key: `dispute-${board.id}`, kind: 'dispute', board: board.board, white: board.white, black: board.black });
    }
  }, [boards]);

  const noticeOf = (happening: Happening): LeaderNotice => {
    const { key } = happening;
    if (happening.kind === 'due') {
      const { round } = happening;
      return { key, text: t`Round ${round} is due: pair it in the editor.`, href: '#round-controls' };
    }
    if (happening.kind === 'failed') {
      const { reason } = happening;
      return { key, text: t`The next round failed to pair: ${reason}`, href: '#round-controls' };
    }
    const { board, white, black } = happening;
    return { key, text: t`A dispute arrived on board ${board} (${white} – ${black}).`, href: '#dispute-queue' };
  };

  return {
    notices: happenings.map(noticeOf),
    dismiss: (key: string) => setHappenings((current) => current.filter((happening) => happening.key !== key)),
  };
};
