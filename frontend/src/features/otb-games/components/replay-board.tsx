// Chessground's stylesheets come in through this file's @import, not as modules of their own: a
// module shared with the online game page would move out of that page's chunk.
import '@/features/otb-games/components/replay-board.css';

import { useEffect, useRef } from 'react';

import { fenPieces, squareAt } from '@/features/otb-games/types/otb-game';

type Orientation = 'white' | 'black';

type ReplayBoardProps = {
  fen: string;
  /** The move that led here, in UCI ("e2e4"); none at the start. */
  lastMove?: string;
  /** The side to move is in check (the SAN that led here ends with + or #). */
  check?: boolean;
  orientation: Orientation;
  /** What the board shows, in words (its accessible name). */
  label: string;
};

const FILES = 'abcdefgh';

// An element of chessground's own kind (they are not React's to render: React warns about
// unknown tags), placed on a square by a transform in percent of its own size (one square).
const make = (tag: string, className = '', at?: { x: number; y: number }) => {
  const element = document.createElement(tag);
  if (className) element.className = className;
  const transformStyle = at && `translate(${at.x * 100}%, ${at.y * 100}%)`;
  if (transformStyle) element.style.transform = transformStyle;
  return element;
};

const boardContent = ({ fen, lastMove, check, orientation }: Omit<ReplayBoardProps, 'label'>): HTMLElement => {
  const flipped = orientation === 'black';
  const place = (file: number, rank: number) => (flipped ? { x: 7 - file, y: rank } : { x: file, y: 7 - rank });
  const container = make('cg-container');
  const board = make('cg-board');
  container.append(board);
  for (const name of lastMove ? [lastMove.slice(0, 2), lastMove.slice(2, 4)] : []) {
    const square = squareAt(name);
    if (square) board.append(make('square', 'last-move', place(square.file, square.rank)));
  }
  const pieces = fenPieces(fen);
  const mover = fen.split(' ')[1] === 'b' ? 'black' : 'white';
  const king = check ? pieces.find((piece) => piece.role === 'king' && piece.colour === mover) : undefined;
  if (king) board.append(make('square', 'check', place(king.file, king.rank)));
  for (const piece of pieces) board.append(make('piece', `${piece.colour} ${piece.role}`, place(piece.file, piece.rank)));
  const ranks = make('coords', 'ranks');
  const files = make('coords', 'files');
  for (let index = 0; index < 8; index += 1) {
    ranks.append(Object.assign(make('coord'), { textContent: String(flipped ? index + 1 : 8 - index) }));
    files.append(Object.assign(make('coord'), { textContent: FILES[flipped ? 7 - index : index] ?? '' }));
  }
  container.append(ranks, files);
  return container;
};

/** A board that shows one position, for replaying a game: no moves are made on it, so no board
 * library is loaded (the online game page's chunk stays its own). */
export const ReplayBoard = ({ fen, lastMove, check = false, orientation, label }: ReplayBoardProps) => {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    element.current?.replaceChildren(boardContent({ fen, lastMove, check, orientation }));
  }, [fen, lastMove, check, orientation]);
  // Never mirrored: a board reads from White's a-file on the left in every language.
  return <div ref={element} dir="ltr" role="img" aria-label={label} className="cg-wrap otb-board aspect-square w-full" data-testid="replay-board" />;
};
