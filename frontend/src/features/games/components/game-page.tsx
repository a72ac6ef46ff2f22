import { select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';

import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { ErrorMessage } from '@/components/ui/error-message';
import { RatingDiff } from '@/components/ui/rating-diff';
import { Spinner } from '@/components/ui/spinner';
import { postGameAction, type GameAction, type GamePlayer, type GameState } from '@/features/games/api/game-state';
import { useGame, writeGameState } from '@/features/games/api/use-game';
import { GameBoard } from '@/features/games/components/game-board';
import { clocksAt, formatClock } from '@/features/games/lib/clock';
import { moveRows } from '@/features/games/lib/san';
import { usePageTitle } from '@/hooks/use-page-title';
import { useMe } from '@/lib/auth';

type Colour = 'white' | 'black';

// The arbiter's part of the page (a pause, the call, the arbiter's tools), loaded after the
// board: the game page's JavaScript stays within its 120 kB (docs/frontend.md).
const GameArbiter = lazy(() => import('@/features/games/components/arbiter-call'));
// The keyboard input too (it is used beside the board, never instead of it), and the
// promotion chooser, fetched as soon as the viewer plays so that it is there when a pawn is.
const KeyboardMove = lazy(() => import('@/features/games/components/keyboard-move'));
const loadChooser = () => import('@/features/games/components/promotion-chooser');
const PromotionChooser = lazy(loadChooser);

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

/** A side's player and clock, in a row above or below the board. */
const Side = ({ colour, player, ms, active }: { colour: Colour; player: GamePlayer | null; ms: number; active: boolean }) => {
  const { t } = useLingui();
  const white = colour === 'white';
  return (
    <div className="flex items-center justify-between gap-2">
      <div role="group" aria-label={white ? t`White player` : t`Black player`} className="flex min-w-0 items-baseline gap-2">
        <span aria-hidden className={`inline-block size-3 shrink-0 rounded-full border border-slate-500 ${white ? 'bg-white' : 'bg-slate-900'}`} />
        {player ? (
          <>
            <Link to={`/@/${player.username}`} className="truncate font-medium hover:underline">
              {player.username}
            </Link>
            <span className="text-sm text-slate-600 tabular-nums dark:text-slate-400">{player.rating}</span>
            <RatingDiff diff={player.rating_change} />
          </>
        ) : (
          <span className="font-medium">?</span>
        )}
      </div>
      <div
        aria-label={white ? t`white clock` : t`black clock`}
        className={`shrink-0 rounded px-3 py-1 font-mono text-2xl tabular-nums ${active ? 'bg-emerald-700 text-white' : 'bg-slate-200 dark:bg-slate-700'}`}
      >
        {formatClock(ms)}
      </div>
    </div>
  );
};

const MoveList = ({ sans }: { sans: readonly string[] }) => {
  const { t } = useLingui();
  const rows = useMemo(() => moveRows(sans), [sans]);
  const end = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = end.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [rows.length]);
  return (
    <ol ref={end} aria-label={t`Moves`} className="max-h-64 overflow-y-auto rounded border border-slate-200 font-mono text-sm dark:border-slate-700">
      {rows.length === 0 ? (
        <li className="px-2 py-1 text-slate-500">
          <Trans>No moves yet</Trans>
        </li>
      ) : null}
      {rows.map((row) => (
        // A row of notation reads left to right in every language (as "1." and "Nf3+" do).
        <li key={row.number} dir="ltr" className="grid grid-cols-[2.5rem_1fr_1fr] px-2 odd:bg-slate-50 dark:odd:bg-slate-800/50">
          <span className="text-slate-500">{row.number}.</span>
          <span>{row.white}</span>
          <span>{row.black ?? ''}</span>
        </li>
      ))}
    </ol>
  );
};

/** The game's event page: an individual event's, or a team event's for a team board. */
const eventPath = (game: GameState): string =>
  game.team_swiss_id !== null ? `/team-swiss/${game.team_swiss_id}` : `/swiss/${game.tournament_id}`;

/** An online game (`/game/:id`, whose id it reads): the board, the clocks, the moves and the players' actions. */
export const GamePage = () => {
  const { t } = useLingui();
  const id = Number(useParams().id);
  const game = useGame(id);
  const me = useMe();
  const viewer = me.data?.id ?? null;
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [flipped, setFlipped] = useState(false);
  const [promotion, setPromotion] = useState<{ from: string; to: string } | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const state = game.data;
  const now = useNow(state?.status === 'started');
  const mine: Colour | null =
    viewer === null || !state ? null : viewer === state.white?.id ? 'white' : viewer === state.black?.id ? 'black' : null;
  const players = state && `${state.white?.username ?? '?'} – ${state.black?.username ?? '?'}`;
  // Lichess's "Your turn" in the tab: here until the viewer's first move is made.
  const ready = mine && state?.status === 'started' && state.ply < 2 && (state.ply === 0) === (mine === 'white');
  usePageTitle(
    !players
      ? t({ message: 'Game', comment: 'tab title of an online game while it loads' })
      : ready
        ? t({ message: `Your game is ready: ${players}`, comment: 'Tab title; players: "alice – bob". Start it as "Your game is ready" is translated.' })
        : players,
  );
  useMoveSound(state?.ply ?? 0);
  const playingNow = state?.status === 'started' && mine !== null;
  useEffect(() => {
    if (playingNow) void loadChooser();
  }, [playingNow]);

  if (game.isPending) return <Spinner label={t`Loading the game…`} />;
  if (game.error) return <ErrorMessage error={game.error} onRetry={() => void game.refetch()} />;
  const current = game.data;
  const act = (action: GameAction) => {
    setRefusal(null);
    postGameAction(id, action).then(
      (next) => writeGameState(queryClient, id, next),
      (error: Error) => {
        setRefusal(error.message);
        setResetKey((key) => key + 1);
      },
    );
  };
  const sendMove = (uci: string) => act({ move: uci, ply: current.ply });
  const clocks = clocksAt(current, now, game.offset);
  const bottom: Colour = (mine === 'black') !== flipped ? 'black' : 'white';
  const top: Colour = bottom === 'white' ? 'black' : 'white';
  const playing = current.status === 'started' && mine !== null;
  const deadline = current.first_move_deadline ? Date.parse(current.first_move_deadline) - now + game.offset : null;
  const seconds = Math.ceil((deadline ?? 0) / 1000);
  const { round, table, board, status, turn } = current;
  const winner = current.winner ?? 'none';

  return (
    <div className="flex flex-col gap-4 md:flex-row md:items-start">
      <div className="flex w-full min-w-0 flex-col gap-2 md:max-w-[520px]">
        <p className="text-sm">
          <Link to={eventPath(current)} className="font-medium text-emerald-800 underline dark:text-emerald-400">
            {current.tournament_name}
          </Link>
          <span className="text-slate-600 dark:text-slate-400">
            {' '}
            {table !== null ? <Trans>· Round {round} · Match {table} · Board {board}</Trans> : <Trans>· Round {round} · Board {board}</Trans>}
          </span>
        </p>
        <Side colour={top} player={current[top]} ms={clocks[top]} active={current.clock_running && turn === top} />
        <GameBoard
          game={current}
          mine={mine}
          orientation={bottom}
          resetKey={resetKey}
          onMove={(from, to, promotes) => (promotes ? setPromotion({ from, to }) : sendMove(`${from}${to}`))}
        />
        <Side colour={bottom} player={current[bottom]} ms={clocks[bottom]} active={current.clock_running && turn === bottom} />
        {promotion ? (
          <Suspense fallback={null}>
            <PromotionChooser
            onChoose={(piece) => {
              setPromotion(null);
              sendMove(`${promotion.from}${promotion.to}${piece}`);
            }}
            onCancel={() => {
              setPromotion(null);
              setResetKey((key) => key + 1);
            }}
          />
          </Suspense>
        ) : null}
      </div>
      <aside className="flex w-full min-w-0 flex-col gap-3 md:w-72">
        <Suspense fallback={null}>
          <GameArbiter game={current} mine={mine} signedIn={viewer !== null} notice={game.arbiterNotice} />
        </Suspense>
        {status === 'started' ? (
          deadline !== null && deadline > 0 ? (
            <p role="status">
              {t`${select(turn, { white: `White must move within ${seconds} s`, other: `Black must move within ${seconds} s` })}`}
            </p>
          ) : null
        ) : (
          <div role="status" className="rounded bg-amber-100 p-3 dark:bg-amber-900">
            <p className="font-semibold">
              {t({
                comment: 'The end of a game: how it ended, then its outcome',
                message: select(status, {
                  mate: select(winner, { white: 'Checkmate — White wins', other: 'Checkmate — Black wins' }),
                  resign: select(winner, { white: 'Resignation — White wins', other: 'Resignation — Black wins' }),
                  stalemate: 'Stalemate — Draw',
                  draw: 'Draw — Draw',
                  outoftime: select(winner, { white: 'Time out — White wins', black: 'Time out — Black wins', other: 'Time out — Draw' }),
                  noStart: select(winner, { white: 'No first move — White wins', other: 'No first move — Black wins' }),
                  aborted: 'Aborted (event cancelled) — Draw',
                  adjudicated: select(winner, {
                    white: 'Arbiter’s decision — White wins',
                    black: 'Arbiter’s decision — Black wins',
                    other: 'Arbiter’s decision — Draw',
                  }),
                  other: select(winner, { white: 'White wins', black: 'Black wins', other: 'Draw' }),
                }),
              })}
            </p>
            <Link to={eventPath(current)} className="text-emerald-800 underline dark:text-emerald-400">
              <Trans>Back to the event</Trans>
            </Link>
          </div>
        )}
        <MoveList sans={current.san} />
        {playing ? (
          <Suspense fallback={null}>
            <KeyboardMove legal={current.legal} enabled={turn === mine && !promotion && !current.paused} paused={current.paused} onMove={sendMove} />
          </Suspense>
        ) : null}
        {playing ? (
          <div className="flex flex-wrap gap-2">
            {current.draw_offer && current.draw_offer !== mine ? (
              <>
                <Button onClick={() => act({ draw: 'yes' })}>
                  <Trans>Accept draw</Trans>
                </Button>
                <Button variant="secondary" onClick={() => act({ draw: 'no' })}>
                  <Trans>Decline</Trans>
                </Button>
              </>
            ) : (
              <Button variant="secondary" onClick={() => act({ draw: 'yes' })}>
                {current.draw_offer === mine ? <Trans>Draw offered</Trans> : <Trans>Offer draw</Trans>}
              </Button>
            )}
            <ConfirmButton confirmLabel={t`Yes, resign`} onConfirm={() => act('resign')}>
              {t`Resign`}
            </ConfirmButton>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" aria-pressed={flipped} onClick={() => setFlipped((value) => !value)}>
            <Trans>Flip board</Trans>
          </Button>
          <a
            href={`/api/games/${current.id}/pgn/`}
            download={`game-${current.id}.pgn`}
            className="inline-flex items-center rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-700"
          >
            <Trans>Download PGN</Trans>
          </a>
        </div>
        {refusal ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {refusal}
          </p>
        ) : null}
      </aside>
    </div>
  );
};
