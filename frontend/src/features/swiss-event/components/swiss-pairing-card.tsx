import { useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import { Link } from 'wouter';

import { PlayerLink } from '@/components/ui/player-link';
import { RatingDiff } from '@/components/ui/rating-diff';
import { resultLabel } from '@/lib/swiss/display';
import type { Pairing } from '@/lib/swiss/types';

type SwissPairingCardProps = {
  pairing: Pairing;
  highlight?: string | null;
  /** An over-the-board board's game page (its moves, as entered), when the event is played over the board. */
  gameHref?: string;
};

type PlayerProps = { name: string; black: boolean; me: boolean; rating: number; diff: number | null };

/** One side of a board: the name on its own line (cut with an ellipsis only when the column is
 * too narrow for it), the colour, rating and rating change below; Black's side mirrors White's. */
const Player = ({ name, black, me, rating, diff }: PlayerProps) => {
  const { t } = useLingui();
  return (
    <span className={`flex min-w-0 flex-col ${black ? 'items-end text-end' : ''} ${me ? 'font-semibold' : ''}`}>
      <PlayerLink name={name} className="block max-w-full min-w-8 truncate" />
      <span className={`flex items-center gap-1.5 ${black ? 'flex-row-reverse' : ''}`}>
        <span
          aria-hidden="true"
          className={`size-2.5 shrink-0 rounded-sm border border-slate-500 ${black ? 'bg-slate-900' : 'bg-white'}`}
        />
        <span className="sr-only">
          {black ? t({ message: '(Black)', comment: 'the colour of a player’s pieces' }) : t({ message: '(White)', comment: 'the colour of a player’s pieces' })}
        </span>
        <span className="text-xs font-normal text-slate-500 tabular-nums dark:text-slate-400">{rating}</span>
        <RatingDiff diff={diff} />
      </span>
    </span>
  );
};

const gameLinkClass = 'underline decoration-dotted underline-offset-2 hover:text-emerald-700 dark:hover:text-emerald-400';

/** One board: number, white, result, black; the result (or "watch" while an online game is
 * played, "…" while an over-the-board one is) links to the board's game, for players and
 * spectators alike. Memoised: a result re-renders its board only. */
export const SwissPairingCard = memo(({ pairing, highlight, gameHref }: SwissPairingCardProps) => {
  const { t } = useLingui();
  const { board, white, black } = pairing;
  const result = resultLabel(pairing.result);
  const gameLabel = t`Game of board ${board}`;
  return (
    <li
      aria-label={
        pairing.result
          ? t({ message: `Board ${board}: ${white} (White) ${result} ${black} (Black)`, comment: 'a board of a round; {result} is the result code' })
          : t({ message: `Board ${board}: ${white} (White) playing ${black} (Black)`, comment: 'a board of a round whose game is not over' })
      }
      // Boards off screen skip layout and paint: a 1,000-player round has 500 of them.
      className={`grid grid-cols-[auto_minmax(0,1fr)_3.5rem_minmax(0,1fr)] items-center gap-x-2 px-2 py-1.5 text-sm [contain-intrinsic-size:auto_3rem] [content-visibility:auto] sm:px-3 ${
        highlight && (pairing.white === highlight || pairing.black === highlight) ? 'bg-emerald-50 dark:bg-emerald-950' : ''
      }`}
    >
      <span className="min-w-6 text-xs text-slate-500 tabular-nums dark:text-slate-400">#{pairing.board}</span>
      <Player
        name={pairing.white}
        black={false}
        me={pairing.white === highlight}
        rating={pairing.white_rating}
        diff={pairing.white_rating_diff}
      />
      <span className="text-center font-mono font-semibold">
        {pairing.game_id !== null ? (
          <Link
            to={`/game/${pairing.game_id}`}
            aria-label={gameLabel}
            className={gameLinkClass}
          >
            {pairing.result ? result : <span className="font-sans text-xs font-normal">{t({ message: 'watch', comment: 'link to a game being played' })}</span>}
          </Link>
        ) : gameHref ? (
          <Link to={gameHref} aria-label={gameLabel} className={gameLinkClass}>
            {result}
          </Link>
        ) : (
          result
        )}
        {pairing.disputed && (
          <span className="block font-sans text-xs font-normal text-amber-700 dark:text-amber-400">
            {t({ message: 'disputed', comment: 'a board whose players reported different results' })}
          </span>
        )}
      </span>
      <Player
        name={pairing.black}
        black
        me={pairing.black === highlight}
        rating={pairing.black_rating}
        diff={pairing.black_rating_diff}
      />
    </li>
  );
});

SwissPairingCard.displayName = 'SwissPairingCard';
