import { DndContext, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { pairManually, useArbiterAction, type ManualBoard } from '@/features/tournaments/api/arbiter-actions';
import { boardsConcerned } from '@/features/tournaments/types/arbiter';
import type { Standing } from '@/features/tournaments/types/swiss';
import { ApiError, errorMessage } from '@/lib/api-error';

type Proposal = { boards: ManualBoard[]; bye: string | null };
type Seat = { board: number; side: 'white' | 'black' } | { board: -1; side: 'bye' };

const seatId = (seat: Seat) => `${seat.board}:${seat.side}`;
const parseSeat = (id: string): Seat => {
  const [board, side] = id.split(':');
  return side === 'bye' ? { board: -1, side: 'bye' } : { board: Number(board), side: side as 'white' | 'black' };
};

/** Top against next in the ranking, colours alternating; an odd player out gets the bye. */
export const initialProposal = (rows: Standing[]): Proposal => {
  const players = rows.filter((row) => row.status === 'active').map((row) => row.username);
  const boards: ManualBoard[] = [];
  for (let index = 0; index + 1 < players.length; index += 2) {
    const [a = '', b = ''] = players.slice(index, index + 2);
    boards.push(boards.length % 2 === 0 ? { white: a, black: b } : { white: b, black: a });
  }
  return { boards, bye: players.length % 2 === 1 ? (players.at(-1) ?? null) : null };
};

const playerAt = (proposal: Proposal, seat: Seat) => (seat.side === 'bye' ? proposal.bye : (proposal.boards[seat.board]?.[seat.side] ?? null));

const withPlayer = (proposal: Proposal, seat: Seat, player: string | null): Proposal =>
  seat.side === 'bye'
    ? { ...proposal, bye: player }
    : { ...proposal, boards: proposal.boards.map((board, index) => (index === seat.board ? { ...board, [seat.side]: player ?? '' } : board)) };

export const swapSeats = (proposal: Proposal, a: Seat, b: Seat): Proposal => {
  const first = playerAt(proposal, a);
  const second = playerAt(proposal, b);
  return withPlayer(withPlayer(proposal, a, second), b, first);
};

const SeatChip = ({ seat, player, selected, onPick }: { seat: Seat; player: string | null; selected: boolean; onPick: () => void }) => {
  const id = seatId(seat);
  const { setNodeRef: setDragRef, listeners, attributes, transform } = useDraggable({ id });
  const { setNodeRef: setDropRef, isOver } = useDroppable({ id });
  const label = seat.side === 'bye' ? 'bye' : `board ${seat.board + 1} ${seat.side}`;
  return (
    <span ref={setDropRef} className={`inline-flex rounded ${isOver ? 'ring-2 ring-emerald-500' : ''}`}>
      <button
        ref={setDragRef}
        type="button"
        {...listeners}
        {...attributes}
        aria-pressed={selected}
        aria-label={`${player ?? 'nobody'} (${label})`}
        onClick={onPick}
        style={transform ? { transform: `translate(${transform.x}px, ${transform.y}px)` } : undefined}
        className={`min-w-24 rounded border px-2 py-1 text-left text-sm ${selected ? 'border-emerald-600 bg-emerald-50 dark:bg-emerald-950' : 'border-slate-300 dark:border-slate-600'}`}
      >
        {player ?? '—'}
      </button>
    </span>
  );
};

type ManualPairingEditorProps = {
  tournamentId: number;
  rows: Standing[];
  nextRound: number;
  /** Told once the round is stored (the panel then moves on to the round after). */
  onPaired?: (message: string) => void;
};

/**
 * The next round's boards, proposed from the ranking: drag a player onto another to swap them,
 * or click one and then the other (keyboard: Tab, Enter, Tab, Enter). The API checks the
 * result against the pairing rules; each of its messages is shown next to the boards it names.
 */
export const ManualPairingEditor = ({ tournamentId, rows, nextRound, onPaired }: ManualPairingEditorProps) => {
  const [proposal, setProposal] = useState<Proposal>(() => initialProposal(rows));
  const [picked, setPicked] = useState<Seat | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const save = useArbiterAction(tournamentId, (sent: Proposal) => pairManually(tournamentId, sent.boards, sent.bye));
  // Pointer drags only: on the keyboard, Enter on one player and then another swaps them.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const swap = (a: Seat, b: Seat) => {
    setProposal((current) => swapSeats(current, a, b));
    setDone(null);
    save.reset();
  };
  const pick = (seat: Seat) => {
    if (!picked) return setPicked(seat);
    if (seatId(picked) !== seatId(seat)) swap(picked, seat);
    setPicked(null);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) swap(parseSeat(String(active.id)), parseSeat(String(over.id)));
  };
  const numberOf = new Map(rows.flatMap((row) => (row.pairing_number == null ? [] : [[row.username, row.pairing_number] as const])));
  const messages = save.error instanceof ApiError ? (save.error.fields.boards ?? []) : [];
  const messagesOf = (board: ManualBoard) => messages.filter((message) => boardsConcerned(message, [board], numberOf).length > 0);
  const unplaced = messages.filter((message) => boardsConcerned(message, proposal.boards, numberOf).length === 0);
  return (
    <section aria-labelledby="manual-pairing" className="flex flex-col gap-2">
      <h3 id="manual-pairing" className="font-semibold">
        Manual pairing for round {nextRound}
      </h3>
      <DndContext sensors={sensors} onDragEnd={onDragEnd}>
        <ol className="flex flex-col gap-1">
          {proposal.boards.map((board, index) => {
            const problems = messagesOf(board);
            return (
              <li key={index} aria-label={`Proposed board ${index + 1}`} className={`flex flex-wrap items-center gap-2 rounded p-1 ${problems.length ? 'bg-red-50 dark:bg-red-950' : ''}`}>
                <span className="w-6 tabular-nums">{index + 1}</span>
                {(['white', 'black'] as const).map((side) => {
                  const seat: Seat = { board: index, side };
                  return <SeatChip key={side} seat={seat} player={board[side]} selected={picked !== null && seatId(picked) === seatId(seat)} onPick={() => pick(seat)} />;
                })}
                {problems.length > 0 && (
                  <ul className="text-sm text-red-700 dark:text-red-400">
                    {problems.map((problem) => (
                      <li key={problem}>{problem}</li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
          {proposal.bye !== null && (
            <li className="flex items-center gap-2 p-1">
              <span className="text-sm">Bye</span>
              <SeatChip seat={{ board: -1, side: 'bye' }} player={proposal.bye} selected={picked?.side === 'bye'} onPick={() => pick({ board: -1, side: 'bye' })} />
            </li>
          )}
        </ol>
      </DndContext>
      {save.error && (
        <div role="alert" className="text-sm text-red-700 dark:text-red-400">
          <p>{errorMessage(save.error)}</p>
          {unplaced.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      {done && <p role="status">{done}</p>}
      <div className="flex gap-2">
        <Button disabled={save.isPending} onClick={() => void save
              .mutateAsync(proposal)
              .then((round) => {
                // The promise (unlike mutate's callbacks) settles even when the stored round has
                // already moved the panel on to the next one and this editor is gone.
                const message = `Round ${round.number} paired as shown.`;
                setDone(message);
                onPaired?.(message);
              })
              .catch(() => undefined /* shown from save.error */)}>
          Pair round {nextRound} as shown
        </Button>
        <Button variant="secondary" onClick={() => setProposal(initialProposal(rows))}>
          Start over
        </Button>
      </div>
    </section>
  );
};
