import { select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';

import { EmptyState } from '@/components/ui/empty-state';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { useOtbGame } from '@/features/otb-games/api/otb-game';
import { MoveList } from '@/features/otb-games/components/move-list';
import { OtbGameEntry } from '@/features/otb-games/components/otb-game-entry';
import { ReplayBoard } from '@/features/otb-games/components/replay-board';
import {
  entryRight,
  entryTone,
  type OtbGame,
  type OtbPlayer,
  plyLabel,
  resultLabel,
  type ResultEntry,
} from '@/features/otb-games/types/otb-game';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-error';
import { dateTimeText } from '@/lib/i18n/format';

type Colour = 'white' | 'black';

/** What the page needs of the event and the viewer (the app reads them: features share no code). */
export type OtbGamePageProps = {
  tournamentId: number;
  pairingId: number;
  event: { name: string; status: string } | undefined;
  /** The signed-in user's name; null for a visitor. */
  username: string | null;
  /** One of the hosting team's leaders (the event's arbiters). */
  isLeader: boolean;
};

const okToneClass = 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100';
const warnToneClass = 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100';

const linkButtonClass =
  'inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700';

const PlayerLine = ({ colour, player }: { colour: Colour; player: OtbPlayer }) => {
  const { t } = useLingui();
  const { name } = player;
  return (
    <div
      role="group"
      aria-label={colour === 'white' ? t`White: ${name}` : t`Black: ${name}`}
      className="flex min-w-0 flex-wrap items-baseline gap-x-2 gap-y-0.5"
    >
      <span
        aria-hidden
        className={`inline-block size-3 shrink-0 self-center rounded-full border border-slate-500 ${colour === 'white' ? 'bg-white' : 'bg-slate-900'}`}
      />
      {player.title && (
        <span className="rounded bg-amber-100 px-1 text-xs font-bold text-amber-900 dark:bg-amber-900 dark:text-amber-100">{player.title}</span>
      )}
      {player.username ? (
        <Link to={`/@/${encodeURIComponent(player.username)}`} className="min-w-0 truncate font-medium hover:underline">
          {player.name}
        </Link>
      ) : (
        <span className="min-w-0 truncate font-medium">{player.name}</span>
      )}
      <span className="text-sm text-slate-600 tabular-nums dark:text-slate-400">{player.rating > 0 ? player.rating : <Trans>unrated</Trans>}</span>
    </div>
  );
};

/** The game's result, the board's when it differs, a dispute, and what the last save did. */
const ResultBox = ({ game, entry }: { game: OtbGame; entry: ResultEntry | null }) => {
  const board = resultLabel(game.board_result);
  const message = entry?.message;
  return (
    <div className="flex flex-col gap-2">
      <div className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
        <p className="text-xs text-slate-600 uppercase dark:text-slate-400">
          <Trans>Result</Trans>
        </p>
        <p className="font-mono text-2xl font-semibold">
          {resultLabel(game.result) ?? (
            <>
              *{' '}
              <span className="font-sans text-sm font-normal text-slate-600 dark:text-slate-400">
                <Trans comment="a game without a result yet">in progress</Trans>
              </span>
            </>
          )}
        </p>
        {game.disputed && (
          <p className="mt-1 text-sm font-medium text-amber-800 dark:text-amber-300">
            <Trans>This board is disputed: the arbiter will decide.</Trans>
          </p>
        )}
        {board && game.board_result !== game.result && (
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            <Trans>The board&apos;s result in the event: {board}</Trans>
          </p>
        )}
      </div>
      <div aria-live="polite" className="empty:hidden">
        {entry && (
          <p role="status" className={`rounded-md border p-2 text-sm ${entryTone(entry.status) === 'warn' ? warnToneClass : okToneClass}`}>
            <Trans comment="message: the server's word on what the save did to the board's result">Saved. {message}</Trans>
          </p>
        )}
      </div>
    </div>
  );
};

/** Who entered the game and when (and when it began, if its PGN says so), in the viewer's time
 * zone. `by`: the enterer's kind, an arbiter or not, and whether the account still exists. */
const EnteredBy = ({ game, at }: { game: OtbGame; at: string }) => {
  const { t } = useLingui();
  const who = game.entered_by ?? '';
  const by = game.entered_by ? (game.by_leader ? 'arbiter' : 'user') : game.by_leader ? 'formerArbiter' : 'formerUser';
  const entered = dateTimeText(at);
  const began = game.started_at ? dateTimeText(game.started_at) : null;
  return (
    <p className="text-xs text-slate-600 dark:text-slate-400">
      {began
        ? t({
            comment: 'entered, began: date and time',
            message: select(by, {
              arbiter: `Entered by ${who} (arbiter), ${entered}; the game began ${began}.`,
              user: `Entered by ${who}, ${entered}; the game began ${began}.`,
              formerArbiter: `Entered by a former user (arbiter), ${entered}; the game began ${began}.`,
              other: `Entered by a former user, ${entered}; the game began ${began}.`,
            }),
          })
        : t({
            comment: 'entered: date and time',
            message: select(by, {
              arbiter: `Entered by ${who} (arbiter), ${entered}.`,
              user: `Entered by ${who}, ${entered}.`,
              formerArbiter: `Entered by a former user (arbiter), ${entered}.`,
              other: `Entered by a former user, ${entered}.`,
            }),
          })}
    </p>
  );
};

// Where the arrow keys move a caret, not the game.
const TYPING_FIELDS = 'input, textarea, select, [contenteditable="true"]';

/** Steps through the game with ← and →, unless the keys are typing somewhere. */
const useArrowKeys = (onArrow: (delta: -1 | 1) => void) => {
  const latest = useRef(onArrow);
  useEffect(() => {
    latest.current = onArrow;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      const target = event.target as HTMLElement | null;
      if (target?.closest(TYPING_FIELDS)) return;
      event.preventDefault();
      latest.current(event.key === 'ArrowLeft' ? -1 : 1);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
};

const GameView = ({ game, event, username, isLeader }: { game: OtbGame } & Omit<OtbGamePageProps, 'tournamentId' | 'pairingId'>) => {
  const { t } = useLingui();
  // null follows the last move, so that moves entered meanwhile show up by themselves.
  const [chosen, setChosen] = useState<number | null>(null);
  const [flipped, setFlipped] = useState(false);
  const [entry, setEntry] = useState<ResultEntry | null>(null);
  const step = chosen === null ? game.ply : Math.min(chosen, game.ply);
  const go = (ply: number) => setChosen(Math.max(0, Math.min(ply, game.ply)) === game.ply ? null : Math.max(0, ply));
  useArrowKeys((delta) => go(step + delta));

  const mine: Colour | null = username === null ? null : game.black.username === username ? 'black' : game.white.username === username ? 'white' : null;
  const bottom: Colour = (mine === 'black') !== flipped ? 'black' : 'white';
  const top: Colour = bottom === 'white' ? 'black' : 'white';
  const right = entryRight({ game, username, isLeader, eventStatus: event?.status });
  const san = game.san[step - 1];
  const move = san && plyLabel(step, san);
  const label = step === 0 || !move ? t`Board: the starting position` : t`Board after ${move}`;
  const { round, board } = game;

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <header className="flex min-w-0 flex-col gap-1">
        <p className="text-sm break-words">
          <Link to={`/swiss/${game.tournament_id}`} className="font-medium text-emerald-800 underline dark:text-emerald-400">
            {event?.name ?? <Trans>Back to the event</Trans>}
          </Link>
        </p>
        <h1 className="text-xl font-bold break-words sm:text-2xl">
          <Trans>
            Round {round}, board {board}
          </Trans>
        </h1>
      </header>
      <div className="flex min-w-0 flex-col gap-4 md:flex-row md:items-start">
        <div className="flex w-full min-w-0 flex-col gap-2 md:max-w-[480px]">
          <PlayerLine colour={top} player={game[top]} />
          <ReplayBoard
            fen={game.fens[step] ?? game.fens[0] ?? ''}
            lastMove={step > 0 ? game.uci[step - 1] : undefined}
            check={Boolean(san && /[+#]$/.test(san))}
            orientation={bottom}
            label={label}
          />
          <PlayerLine colour={bottom} player={game[bottom]} />
        </div>
        <aside aria-label={t({ message: 'Game', comment: "the side panel of a board's game" })} className="flex w-full min-w-0 flex-col gap-3 md:w-80 lg:w-96">
          <ResultBox game={game} entry={entry} />
          {game.ply === 0 ? (
            <EmptyState>
              <Trans>No moves entered yet.</Trans>
            </EmptyState>
          ) : (
            <MoveList sans={game.san} step={step} onStep={go} />
          )}
          <div className="flex flex-wrap gap-2">
            <button type="button" aria-pressed={flipped} onClick={() => setFlipped((value) => !value)} className={linkButtonClass}>
              <Trans>Flip board</Trans>
            </button>
            <a
              href={`data:application/x-chess-pgn;charset=utf-8,${encodeURIComponent(game.pgn)}`}
              download={`round-${game.round}-board-${game.board}.pgn`}
              className={linkButtonClass}
            >
              <Trans>Download PGN</Trans>
            </a>
          </div>
          {game.entered_at && <EnteredBy game={game} at={game.entered_at} />}
          {right.may ? (
            <OtbGameEntry tournamentId={game.tournament_id} game={game} asLeader={right.asLeader} onSaved={setEntry} />
          ) : (
            right.reason && <p className="text-sm text-slate-700 dark:text-slate-300">{right.reason}</p>
          )}
        </aside>
      </div>
    </div>
  );
};

/** /swiss/:id/board/:pairingId: an over-the-board board's game, replayed from the server's
 * positions, with the form to enter it for the event's leaders and the board's two players. */
export const OtbGamePage = ({ tournamentId, pairingId, ...rest }: OtbGamePageProps) => {
  const { t } = useLingui();
  const game = useOtbGame(tournamentId, pairingId, rest.event?.status === 'running');
  usePageTitle(game.data ? `${game.data.white.name} – ${game.data.black.name}` : t({ message: 'Board', comment: "tab title of a board's game" }));
  if (game.isPending) return <Spinner label={t`Loading the game…`} />;
  if (game.error) {
    if (game.error instanceof ApiError && game.error.status === 404) {
      return (
        <div className="flex flex-col gap-3">
          <h1 className="text-2xl font-bold">
            <Trans>No game here</Trans>
          </h1>
          <p className="break-words">{game.error.message}</p>
          <Link to={`/swiss/${tournamentId}`} className="self-start underline">
            <Trans>Back to the event</Trans>
          </Link>
        </div>
      );
    }
    return <ErrorMessage error={game.error} onRetry={() => void game.refetch()} />;
  }
  return <GameView game={game.data} {...rest} />;
};
