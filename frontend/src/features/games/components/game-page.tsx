import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { postGameAction, type GameState } from '@/features/games/api/game-state';
import { gameKey, useGame, useViewerId } from '@/features/games/api/use-game';
import { GameBoard } from '@/features/games/components/game-board';
import { clocksAt, formatClock, RESULT_TEXT } from '@/features/games/lib/clock';
import { usePageTitle } from '@/hooks/use-page-title';
import { useQueryClient } from '@tanstack/react-query';

const useNow = (running: boolean): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 100);
    return () => window.clearInterval(timer);
  }, [running]);
  return now;
};

/** A short click on each move, as lichess does. */
const useMoveSound = (ply: number) => {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const AudioContext = window.AudioContext as typeof window.AudioContext | undefined;
    if (!AudioContext) return;
    const context = new AudioContext();
    const tone = context.createOscillator();
    const gain = context.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.08);
    tone.connect(gain).connect(context.destination);
    tone.start();
    tone.stop(context.currentTime + 0.09);
    tone.onended = () => void context.close();
  }, [ply]);
};

const Clock = ({ label, ms, active }: { label: string; ms: number; active: boolean }) => (
  <div
    aria-label={`${label} clock`}
    className={`rounded px-3 py-1 font-mono text-2xl tabular-nums ${active ? 'bg-emerald-700 text-white' : 'bg-slate-200 dark:bg-slate-700'}`}
  >
    {formatClock(ms)}
  </div>
);

const MoveList = ({ moves }: { moves: string }) => {
  const list = moves ? moves.split(' ') : [];
  const rows = [];
  for (let i = 0; i < list.length; i += 2) rows.push([i / 2 + 1, list[i], list[i + 1] ?? ''] as const);
  return (
    <ol aria-label="Moves" className="max-h-64 overflow-y-auto font-mono text-sm">
      {rows.map(([number, white, black]) => (
        <li key={number} className="grid grid-cols-[2rem_1fr_1fr]">
          <span className="text-slate-500">{number}.</span>
          <span>{white}</span>
          <span>{black}</span>
        </li>
      ))}
    </ol>
  );
};

const endText = (game: GameState): string => {
  const winner = game.winner ? `${game.winner === 'white' ? 'White' : 'Black'} wins` : 'Draw';
  return `${RESULT_TEXT[game.status] ?? game.status} — ${winner}`;
};

export const GameRoute = () => {
  const id = Number(useParams().id);
  const game = useGame(id);
  const viewer = useViewerId();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const state = game.data;
  const now = useNow(state?.status === 'started');
  usePageTitle(state ? `${state.white?.username ?? '?'} – ${state.black?.username ?? '?'}` : 'Game');
  useMoveSound(state?.ply ?? 0);

  if (game.isPending) return <Spinner label="Loading the game…" />;
  if (game.error) return <ErrorMessage error={game.error} onRetry={() => void game.refetch()} />;
  const current = game.data;
  const mine =
    viewer.data == null ? null : viewer.data === current.white?.id ? 'white' : viewer.data === current.black?.id ? 'black' : null;
  const act = (action: string) => {
    setRefusal(null);
    postGameAction(id, action).then(
      (next) => queryClient.setQueryData<GameState>(gameKey(id), (old) => (old && old.ply > next.ply ? old : next)),
      (error: Error) => setRefusal(error.message),
    );
  };
  const clocks = clocksAt(current, now, game.offset);
  const top = mine === 'black' ? 'white' : 'black';
  const bottom = top === 'white' ? 'black' : 'white';
  const playing = current.status === 'started' && mine !== null;
  const deadline = current.first_move_deadline ? Date.parse(current.first_move_deadline) - now + game.offset : null;

  return (
    <div className="flex flex-wrap gap-6">
      <div className="flex w-full max-w-[480px] flex-col gap-2">
        <div className="flex items-center justify-between">
          <span className="font-medium">{current[top]?.username ?? '?'}</span>
          <Clock label={top} ms={clocks[top]} active={current.clock_running && current.turn === top} />
        </div>
        <GameBoard game={current} mine={mine} onMove={(uci) => act(`move/${uci}/?ply=${current.ply}`)} />
        <div className="flex items-center justify-between">
          <span className="font-medium">{current[bottom]?.username ?? '?'}</span>
          <Clock label={bottom} ms={clocks[bottom]} active={current.clock_running && current.turn === bottom} />
        </div>
      </div>
      <aside className="flex min-w-56 flex-col gap-3">
        {current.status === 'started' ? (
          deadline !== null && deadline > 0 ? (
            <p role="status">
              {current.turn === 'white' ? 'White' : 'Black'} must move within {Math.ceil(deadline / 1000)} s
            </p>
          ) : null
        ) : (
          <div role="status" className="rounded bg-amber-100 p-3 dark:bg-amber-900">
            <p className="font-semibold">{endText(current)}</p>
            <Link to={`/swiss/${current.tournament_id}`} className="text-emerald-800 underline dark:text-emerald-400">
              Back to the event
            </Link>
          </div>
        )}
        <MoveList moves={current.moves} />
        {playing ? (
          <div className="flex flex-wrap gap-2">
            {current.draw_offer && current.draw_offer !== mine ? (
              <>
                <Button onClick={() => act('draw/yes/')}>Accept draw</Button>
                <Button variant="secondary" onClick={() => act('draw/no/')}>Decline</Button>
              </>
            ) : (
              <Button onClick={() => act('draw/yes/')}>{current.draw_offer === mine ? 'Draw offered' : 'Offer draw'}</Button>
            )}
            <Button variant="danger" onClick={() => act('resign/')}>Resign</Button>
          </div>
        ) : null}
        {refusal ? (
          <p role="alert" className="text-sm text-red-700">
            {refusal}
          </p>
        ) : null}
      </aside>
    </div>
  );
};
