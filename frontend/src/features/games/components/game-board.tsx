import '@lichess-org/chessground/assets/chessground.base.css';
import '@lichess-org/chessground/assets/chessground.brown.css';
import '@lichess-org/chessground/assets/chessground.cburnett.css';

import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { Key } from '@lichess-org/chessground/types';
import { Chess } from 'chessops/chess';
import { chessgroundDests } from 'chessops/compat';
import { parseFen } from 'chessops/fen';
import { useEffect, useRef } from 'react';

import type { GameState } from '@/features/games/api/game-state';

type Props = {
  game: GameState;
  /** The viewer's colour, or null for a spectator (who sees white at the bottom). */
  mine: 'white' | 'black' | null;
  onMove: (uci: string) => void;
};

const lastMove = (moves: string): Key[] | undefined => {
  const last = moves.split(' ').at(-1);
  return last ? [last.slice(0, 2) as Key, last.slice(2, 4) as Key] : undefined;
};

/** Lichess's board: legal destinations from chessops, premoves, promotion to a queen. */
export const GameBoard = ({ game, mine, onMove }: Props) => {
  const element = useRef<HTMLDivElement>(null);
  const board = useRef<Api | null>(null);
  const move = useRef(onMove);
  useEffect(() => {
    move.current = onMove;
  });

  useEffect(() => {
    if (!element.current) return;
    board.current = Chessground(element.current, {
      orientation: mine ?? 'white',
      movable: { free: false, color: mine ?? undefined, showDests: true },
      premovable: { enabled: true },
      events: {
        move: (from, to) => {
          const piece = board.current?.state.pieces.get(to);
          const promotes = piece?.role === 'pawn' && (to[1] === '8' || to[1] === '1');
          move.current(`${from}${to}${promotes ? 'q' : ''}`);
        },
      },
    });
    return () => board.current?.destroy();
  }, [mine]);

  useEffect(() => {
    const position = Chess.fromSetup(parseFen(game.fen).unwrap()).unwrap();
    const playing = game.status === 'started' && mine !== null;
    board.current?.set({
      fen: game.fen,
      turnColor: game.turn,
      lastMove: lastMove(game.moves),
      check: position.isCheck(),
      movable: {
        color: playing ? (mine ?? undefined) : undefined,
        dests: playing && game.turn === mine ? chessgroundDests(position) : new Map(),
      },
    });
    if (playing && game.turn === mine) board.current?.playPremove();
  }, [game.fen, game.turn, game.moves, game.status, mine]);

  return <div ref={element} className="aspect-square w-full max-w-[480px]" data-testid="board" />;
};
