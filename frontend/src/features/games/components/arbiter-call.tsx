import type { MessageDescriptor } from '@lingui/core';
import { msg, select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import {
  CALL_REASONS,
  closeCall,
  getGameCalls,
  postArbiterAction,
  postCall,
  type ArbiterAction,
  type CallReason,
} from '@/features/games/api/arbiter';
import { gamesKeys } from '@/features/games/api/games-keys';
import type { GameState } from '@/features/games/api/game-state';
import { writeGameState } from '@/features/games/api/use-game';
import { useUserSocket } from '@/lib/user-socket';

/** The viewer's calls in the game (every call, for the event's arbiters), read again when
 * `/ws/me/` says one was opened or closed. */
export const useGameCalls = (gameId: number, signedIn: boolean) => {
  const queryClient = useQueryClient();
  useUserSocket((message) => {
    if (message.event === 'arbiter_call' && message.payload.game_id === gameId) {
      void queryClient.invalidateQueries({ queryKey: gamesKeys.calls(gameId) });
    }
  }, signedIn);
  return useQuery({ queryKey: gamesKeys.calls(gameId), queryFn: () => getGameCalls(gameId), enabled: signedIn });
};

/** A select's options, one per choice, in the interface's language. */
const Options = ({ choices }: { choices: readonly { value: string; label: MessageDescriptor }[] }) => {
  const { t } = useLingui();
  return choices.map((choice) => (
    <option key={choice.value} value={choice.value}>
      {t(choice.label)}
    </option>
  ));
};

const fieldClass = 'w-full rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900';

/** A player's "Call the arbiter": a reason and a short text; then the call's state. */
export const CallArbiter = ({ gameId, running }: { gameId: number; running: boolean }) => {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const calls = useGameCalls(gameId, true);
  const [open, setOpen] = useState(false);
  const [chosenReason, setChosenReason] = useState<CallReason>('disconnection');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const latest = calls.data?.calls[0];
  const waiting = latest?.status === 'open';
  const latestReason = CALL_REASONS.find((choice) => choice.value === latest?.reason);
  const reason = latestReason ? t(latestReason.label) : (latest?.reason ?? '');
  const send = () => {
    setError(null);
    postCall(gameId, chosenReason, text).then(
      () => {
        setOpen(false);
        setText('');
        void queryClient.invalidateQueries({ queryKey: gamesKeys.calls(gameId) });
      },
      (failure: Error) => setError(failure.message),
    );
  };
  return (
    <section aria-label={t`Arbiter call`} className="flex flex-col gap-2">
      {latest ? (
        <p role="status" className={`rounded p-2 text-sm ${waiting ? 'bg-amber-100 dark:bg-amber-900' : 'bg-slate-100 dark:bg-slate-800'}`}>
          {waiting ? <Trans>You called the arbiter ({reason}). Waiting for the arbiter…</Trans> : <Trans>The arbiter closed your call ({reason}).</Trans>}
        </p>
      ) : null}
      {running && !waiting && !open ? (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          <Trans>Call the arbiter</Trans>
        </Button>
      ) : null}
      {running && open && !waiting ? (
        <form
          aria-label={t`Call the arbiter`}
          className="flex flex-col gap-2 rounded border border-slate-300 p-2 dark:border-slate-600"
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <label className="flex flex-col gap-1 text-sm font-medium">
            <Trans comment="why the player calls the arbiter">Reason</Trans>
            <select className={fieldClass} value={chosenReason} onChange={(event) => setChosenReason(event.target.value as CallReason)}>
              <Options choices={CALL_REASONS} />
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            <Trans>What happened (optional)</Trans>
            <input className={fieldClass} maxLength={200} value={text} onChange={(event) => setText(event.target.value)} />
          </label>
          <div className="flex flex-wrap gap-2">
            <Button type="submit">
              <Trans>Send the call</Trans>
            </Button>
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </form>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </section>
  );
};

const RESULTS = [
  { value: '1-0', label: msg`White wins (1-0)` },
  { value: '0-1', label: msg`Black wins (0-1)` },
  { value: '1/2-1/2', label: msg`Draw (½-½)` },
] as const;

/** The event's arbiters' tools on the game page: the game's calls (close), pause / resume,
 * time for one side, take back the last move, the result with a reason. */
export const ArbiterTools = ({ game }: { game: GameState }) => {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const calls = useGameCalls(game.id, true);
  const [seconds, setSeconds] = useState(30);
  const [result, setResult] = useState<(typeof RESULTS)[number]['value']>('1-0');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!calls.data?.arbiter) return null;
  const running = game.status === 'started';
  const act = (action: ArbiterAction) => {
    setError(null);
    postArbiterAction(game.id, action).then(
      (next) => writeGameState(queryClient, game.id, next),
      (failure: Error) => setError(failure.message),
    );
  };
  const openCalls = calls.data.calls.filter((call) => call.status === 'open');
  return (
    <section aria-labelledby="arbiter-tools" className="flex flex-col gap-2 rounded border-2 border-emerald-600 p-2">
      <h2 id="arbiter-tools" className="font-semibold">
        <Trans comment="heading of the arbiter's tools on the game page">Arbiter</Trans>
      </h2>
      {openCalls.length > 0 ? (
        <ul aria-label={t`Open calls`} className="flex flex-col gap-1 text-sm">
          {openCalls.map(({ id, caller, colour, reason_label: reason, text }) => (
            <li key={id} className="flex flex-wrap items-center gap-2 rounded bg-amber-100 px-2 py-1 break-words dark:bg-amber-900">
              <span>
                {text
                  ? t`${select(colour, { white: `${caller} (white): ${reason} — ${text}`, other: `${caller} (black): ${reason} — ${text}` })}`
                  : t`${select(colour, { white: `${caller} (white): ${reason}`, other: `${caller} (black): ${reason}` })}`}
              </span>
              <Button
                variant="secondary"
                className="ms-auto"
                onClick={() =>
                  closeCall(id).then(
                    () => void queryClient.invalidateQueries({ queryKey: gamesKeys.calls(game.id) }),
                    (failure: Error) => setError(failure.message),
                  )
                }
              >
                <Trans>Close call</Trans>
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Trans>No open calls.</Trans>
        </p>
      )}
      {running ? (
        <>
          <div className="flex flex-wrap gap-2">
            {game.paused ? (
              <Button onClick={() => act({ kind: 'resume' })}>
                <Trans>Resume the clocks</Trans>
              </Button>
            ) : (
              <Button onClick={() => act({ kind: 'pause' })}>
                <Trans>Pause the clocks</Trans>
              </Button>
            )}
            <ConfirmButton confirmLabel={t`Yes, take it back`} onConfirm={() => act({ kind: 'takeback' })}>
              {t`Take back the last move`}
            </ConfirmButton>
          </div>
          <div role="group" aria-label={t`Add time`} className="flex flex-wrap items-center gap-2">
            <label className="flex items-center gap-1 text-sm">
              <Trans>Seconds</Trans>
              <input
                type="number"
                min={1}
                max={600}
                className="w-20 rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
                value={seconds}
                onChange={(event) => setSeconds(Number(event.target.value))}
              />
            </label>
            <Button variant="secondary" onClick={() => act({ kind: 'time', colour: 'white', seconds })}>
              <Trans>+{seconds} s White</Trans>
            </Button>
            <Button variant="secondary" onClick={() => act({ kind: 'time', colour: 'black', seconds })}>
              <Trans>+{seconds} s Black</Trans>
            </Button>
          </div>
          <div role="group" aria-label={t`Set the result`} className="flex flex-col gap-1">
            <label className="flex flex-col gap-1 text-sm font-medium">
              <Trans>Result</Trans>
              <select className={fieldClass} value={result} onChange={(event) => setResult(event.target.value as typeof result)}>
                <Options choices={RESULTS} />
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">
              <Trans>Reason (shown to both players)</Trans>
              <input className={fieldClass} maxLength={200} value={reason} onChange={(event) => setReason(event.target.value)} />
            </label>
            <ConfirmButton confirmLabel={t`Yes, set the result`} onConfirm={() => act({ kind: 'result', result, reason })}>
              {t`Set the result`}
            </ConfirmButton>
          </div>
        </>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </section>
  );
};

/** The arbiter's part of the game page, a lazy chunk of its own: the pause, what the arbiter
 * last did (`notice`), a player's call, and the event's arbiters' tools. */
const GameArbiter = ({ game, mine, signedIn, notice }: { game: GameState; mine: 'white' | 'black' | null; signedIn: boolean; notice: string | null }) => {
  const { t } = useLingui();
  return (
    <>
      {game.paused && game.status === 'started' ? (
        <p role="status" className="rounded bg-amber-100 p-3 font-semibold dark:bg-amber-900">
          <Trans>The arbiter has paused the clocks.</Trans>
        </p>
      ) : null}
      {notice ? (
        <p aria-live="polite" aria-label={t`Arbiter's notice`} className="rounded bg-emerald-50 p-2 text-sm dark:bg-emerald-950">
          {notice}
        </p>
      ) : null}
      {mine !== null ? <CallArbiter gameId={game.id} running={game.status === 'started'} /> : null}
      {signedIn ? <ArbiterTools game={game} /> : null}
    </>
  );
};

export default GameArbiter;
