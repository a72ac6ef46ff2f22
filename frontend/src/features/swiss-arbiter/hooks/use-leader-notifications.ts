import { useEffect, useRef, useState } from 'react';

import type { Pairing } from '@/lib/swiss/types';
import { useUserSocket } from '@/lib/user-socket';

export type LeaderNotice = { key: string; text: string; href: string };

/**
 * What a leader must act on: a round that failed to pair (pushed on `/ws/me/`, with the
 * engine's reason), a round due in a manual-only event (`pairing_due`) and a board that became
 * disputed (seen in the live round's boards).
 */
export const useLeaderNotifications = (tournamentId: number, boards: Pairing[]) => {
  const [notices, setNotices] = useState<LeaderNotice[]>([]);
  const add = (notice: LeaderNotice) => setNotices((current) => (current.some((n) => n.key === notice.key) ? current : [notice, ...current]));

  useUserSocket((message) => {
    if (message.event === 'pairing_due' && message.payload.tournament === tournamentId) {
      // A manual-only event: the round is due and waits for the leader's pairing.
      add({ key: `due-${message.payload.round}`, text: `Round ${message.payload.round} is due: pair it in the editor.`, href: '#round-controls' });
      return;
    }
    if (message.event !== 'pairing_failed' || message.payload.tournament !== tournamentId) return;
    add({ key: `failed-${Date.now()}`, text: `The next round failed to pair: ${message.payload.message}`, href: '#round-controls' });
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
      add({ key: `dispute-${board.id}`, text: `A dispute arrived on board ${board.board} (${board.white} – ${board.black}).`, href: '#dispute-queue' });
    }
  }, [boards]);

  return { notices, dismiss: (key: string) => setNotices((current) => current.filter((notice) => notice.key !== key)) };
};
