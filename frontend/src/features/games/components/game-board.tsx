import '@lichess-org/chessground/assets/chessground.base.css';
import '@lichess-org/chessground/assets/chessground.brown.css';
import '@lichess-org/chessground/assets/chessground.cburnett.css';
import '@/features/games/components/game-board.css';

import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { Key } from '@lichess-org/chessground/types';
import { useEffect, useRef } from 'react';

import type { GameState } from '@/features/games/api/game-state';
import { destinations } from '@/features/games/lib/san';

type Props = {
  game: GameState;
  /** The viewer's colour, or null for a spectator. */
  mine: 'white' | 'black' | null;
  /** Which side is at the bottom (the viewer's, unless flipped). */
  orientation: 'white' | 'black';
  /** A move made on the board; `promotes`: a pawn reached the last rank (the piece is asked). */
  onMove: (from: string, to: string, promotes: boolean) => void;
  /** Bumped to put the board back to the game's position (a promotion cancelled). */
  resetKey?: number;
};

const lastMove = (moves: string): Key[] | undefined => {
  const last = moves.split(' ').at(-1);
  return last ? [last.slice(0, 2) as Key, last.slice(2, 4) as Key] : undefined;
};

/** Lichess's board: the server's legal destinations, premoves, coordinates inside the squares. */
export const GameBoard = ({ game, mine, orientation, onMove, resetKey = 0 }: Props) => {
  const element = useRef<HTMLDivElement>(null);
  const board = useRef<Api | null>(null);
  const move = useRef(onMove);
  useEffect(() => {
    move.current = onMove;
  });

  useEffect(() => {
    if (!element.current) return;
    board.current = Chessground(element.current, {
      coordinates: true,
      movable: { free: false, showDests: true },
      premovable: { enabled: true },
      events: {
        move: (from, to) => {
          const piece = board.current?.state.pieces.get(to);
          move.current(from, to, piece?.role === 'pawn' && (to[1] === '8' || to[1] === '1'));
        },
      },
    });
    return () => board.current?.destroy();
  }, []);

  useEffect(() => {
    board.current?.set({ orientation });
  }, [orientation]);

  useEffect(() => {
    const playing = game.status === 'started' && mine !== null;
    board.current?.set({
      fen: game.fen,
      turnColor: game.turn,
      lastMove: lastMove(game.moves),
      check: game.check,
      movable: {
        color: playing ? (mine ?? undefined) : undefined,
        dests: playing && game.turn === mine ? (destinations(game.legal) as Map<Key, Key[]>) : new Map(),
      },
    });
    if (playing && game.turn === mine) board.current?.playPremove();
  }, [game.fen, game.turn, game.moves, game.status, game.check, game.legal, mine, resetKey]);

  // Never mirrored: a board reads from White's a-file on the left in every language.
  return <div ref={element} dir="ltr" className="aspect-square w-full" data-testid="board" />;
};
