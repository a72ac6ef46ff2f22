import { Trans, useLingui } from '@lingui/react/macro';
import { DndContext, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePairingProposal, usePairManually, type ManualBoard } from '@/features/swiss-arbiter/api/arbiter-actions';
import { boardsConcerned } from '@/features/swiss-arbiter/types/arbiter';
import type { Pairing } from '@/lib/swiss/types';
import { ApiError, errorMessage } from '@/lib/api-error';

type Proposal = { boards: ManualBoard[]; bye: string | null };
type Seat = { board: number; side: 'white' | 'black' } | { board: -1; side: 'bye' };

const seatId = (seat: Seat) => `${seat.board}:${seat.side}`;
const parseSeat = (id: string): Seat => {
  const [board, side] = id.split(':');
  return side === 'bye' ? { board: -1, side: 'bye' } : { board: Number(board), side: side as 'white' | 'black' };
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
  const { t } = useLingui();
  const board = seat.board + 1;
  const name = player ?? t({ message: 'nobody', comment: 'an empty seat in the manual-pairing editor' });
  const label =
    seat.side === 'bye'
      ? t({ message: `${name} (bye)`, comment: 'a player who gets the bye, in the manual-pairing editor' })
      : seat.side === 'white'
        ? t({ message: `${name} (board ${board} white)`, comment: 'a player and their seat in the manual-pairing editor' })
        : t({ message: `${name} (board ${board} black)`, comment: 'a player and their seat in the manual-pairing editor' });
  return (
    <span ref={setDropRef} className={`inline-flex rounded ${isOver ? 'ring-2 ring-emerald-500' : ''}`}>
      <button
        ref={setDragRef}
        type="button"
        {...listeners}
        {...attributes}
        aria-pressed={selected}
        aria-label={label}
        onClick={onPick}
        style={transform ? { transform: `translate(${transform.x}px, ${transform.y}px)` } : undefined}
        className={`max-w-40 min-w-24 truncate rounded border px-2 py-1 text-start text-sm ${selected ? 'border-emerald-600 bg-emerald-50 dark:bg-emerald-950' : 'border-slate-300 dark:border-slate-600'}`}
      >
        {player ?? '—'}
      </button>
    </span>
  );
};

type ManualPairingEditorProps = {
  tournamentId: number;
  /** The current round (0 before the start) and its boards; null while they are read. */
  round: number;
  boards: Pairing[] | null;
  /** Changes whenever the proposal may have changed (a round paired or re-paired, a result in, a withdrawal). */
  version: string;
  /** Told once the round is stored (the panel then moves on to the round after). */
  onPaired?: (message: string) => void;
};

/**
 * The manual-pairing editor. It starts from the engine's pairing of the next round (valid by
 * construction), or from the current round while it is paired and no result is in, so that
 * a leader can correct it. The API checks the result against the pairing rules; each of its
 * messages names players and is shown next to the boards it concerns.
 *
 * The proposal is asked for only when the API can give one: between rounds, or while no board
 * of the round has a result. With some results in and some not, it would refuse (400), so the
 * editor says so itself and asks nothing (docs/swiss.md, "manual pairing").
 */
export const ManualPairingEditor = ({ tournamentId, round, boards, version, onPaired }: ManualPairingEditorProps) => {
  const { t } = useLingui();
  const pending = boards?.filter((board) => !board.result).length ?? 0;
  const roundOpen = boards !== null && pending > 0 && pending < boards.length;
  const proposed = usePairingProposal(tournamentId, version, boards !== null && !roundOpen);
  const note = (text: string) => (
    <section aria-labelledby="manual-pairing" className="flex flex-col gap-1">
      <h3 id="manual-pairing" className="font-semibold">
        <Trans>Manual pairing</Trans>
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-300">{text}</p>
    </section>
  );
  const next = round + 1;
  if (roundOpen) return note(t`Round ${round} is not complete: the editor opens for round ${next} once every board has a result.`);
  if (proposed.isPending) return <Spinner label={t`Asking the pairing engine for a proposal…`} />;
  if (proposed.error) return note(errorMessage(proposed.error));
  const start: Proposal = { boards: proposed.data.boards.map((b) => ({ white: b.white ?? '', black: b.black ?? '' })), bye: proposed.data.bye };
  return (
    <ProposalEditor
      key={JSON.stringify(start)}
      tournamentId={tournamentId}
      start={start}
      round={proposed.data.round}
      correcting={proposed.data.replaces_current}
      onPaired={onPaired}
    />
  );
};

type ProposalEditorProps = {
  tournamentId: number;
  start: Proposal;
  round: number;
  correcting: boolean;
  onPaired?: (message: string) => void;
};

const ProposalEditor = ({ tournamentId, start, round, correcting, onPaired }: ProposalEditorProps) => {
  const { t } = useLingui();
  const [proposal, setProposal] = useState<Proposal>(start);
  const [picked, setPicked] = useState<Seat | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const save = usePairManually(tournamentId);
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
  const messages = save.error instanceof ApiError ? (save.error.fields.boards ?? []) : [];
  const messagesOf = (board: ManualBoard) => messages.filter((message) => boardsConcerned(message, [board]).length > 0);
  const unplaced = messages.filter((message) => boardsConcerned(message, proposal.boards).length === 0);
  const pickedName = picked ? playerAt(proposal, picked) : null;
  return (
    <section aria-labelledby="manual-pairing" className="flex min-w-0 flex-col gap-2">
      <h3 id="manual-pairing" className="font-semibold">
        {correcting ? t`Correct the pairing of round ${round}` : t`Manual pairing for round ${round}`}
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {correcting
          ? t`Round ${round} is paired and no result is in yet: change it here and pair it again.`
          : t`The pairing engine's proposal for round ${round}: it keeps every rule.`}{' '}
        {t`To swap two players, click one and then the other, or drag one onto the other. On the keyboard: Tab to a player, press Enter, Tab to the other, press Enter.`}
      </p>
      <div aria-live="polite" className="text-sm empty:hidden">
        {pickedName ? t`${pickedName} picked: now choose the player to swap with.` : null}
      </div>
      <DndContext sensors={sensors} onDragEnd={onDragEnd}>
        <ol className="flex flex-col gap-1">
          {proposal.boards.map((board, index) => {
            const problems = messagesOf(board);
            const number = index + 1;
            return (
              <li key={index} aria-label={t`Proposed board ${number}`} className={`flex flex-wrap items-center gap-2 rounded p-1 ${problems.length ? 'bg-red-50 dark:bg-red-950' : ''}`}>
                <span className="w-6 tabular-nums">{number}</span>
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
              <span className="text-sm">
                <Trans comment="the seat of the player who is not paired this round">Bye</Trans>
              </span>
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
      <div className="flex flex-wrap gap-2">
        <Button disabled={save.isPending} onClick={() => void save
              .mutateAsync(proposal)
              .then((stored) => {
                // The promise (unlike mutate's callbacks) settles even when the stored round has
                // already moved the panel on to the next one and this editor is gone.
                const paired = stored.number;
                const message = t`Round ${paired} paired as shown.`;
                setDone(message);
                onPaired?.(message);
              })
              .catch(() => undefined /* shown from save.error */)}>
          {correcting ? t`Pair round ${round} again as shown` : t`Pair round ${round} as shown`}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setProposal(start);
            setPicked(null);
            save.reset();
          }}
        >
          <Trans>Start over</Trans>
        </Button>
      </div>
    </section>
  );
};
