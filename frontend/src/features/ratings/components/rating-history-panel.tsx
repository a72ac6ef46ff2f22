import { Trans, useLingui } from '@lingui/react/macro';
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'wouter';

import { EmptyState } from '@/components/ui/empty-state';
import { ErrorMessage } from '@/components/ui/error-message';
import { RatingDiff } from '@/components/ui/rating-diff';
import { Spinner } from '@/components/ui/spinner';
import { useRatingHistory } from '@/features/ratings/api/get-rating-history';
import { speedLabel, type Speed } from '@/features/ratings/types/ratings';
import { dateText } from '@/lib/i18n/format';

// The charting library is loaded with the first chart, not with the page.
const RatingChart = lazy(() => import('@/features/ratings/components/rating-chart'));

/** A chart that cannot be drawn (no canvas) leaves the table below it. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? (
      <p className="text-sm text-slate-500">
        <Trans>The chart cannot be drawn here.</Trans>
      </p>
    ) : (
      this.props.children
    );
  }
}

/** "No rated blitz game yet.", a sentence per speed. */
const NoGameYet = ({ speed }: { speed: Speed }) => {
  switch (speed) {
    case 'bullet':
      return <Trans>No rated bullet game yet.</Trans>;
    case 'blitz':
      return <Trans>No rated blitz game yet.</Trans>;
    case 'rapid':
      return <Trans>No rated rapid game yet.</Trans>;
    case 'classical':
      return <Trans>No rated classical game yet.</Trans>;
  }
};

/** The game's outcome and the opponent's profile link, as one sentence per outcome. */
const Outcome = ({ score, opponent }: { score: number; opponent: string }) => {
  const to = `/@/${opponent}`;
  const linkClass = 'hover:underline';
  if (score === 1)
    return (
      <Trans>
        won against{' '}
        <Link to={to} className={linkClass}>
          {opponent}
        </Link>
      </Trans>
    );
  if (score === 0.5)
    return (
      <Trans>
        drew against{' '}
        <Link to={to} className={linkClass}>
          {opponent}
        </Link>
      </Trans>
    );
  if (score === 0)
    return (
      <Trans>
        lost against{' '}
        <Link to={to} className={linkClass}>
          {opponent}
        </Link>
      </Trans>
    );
  return (
    <Link to={to} className={linkClass}>
      {opponent}
    </Link>
  );
};

type RatingHistoryPanelProps = { username: string; speed: Speed };

/** One speed's rating history: the chart, then the latest games with their changes. */
export const RatingHistoryPanel = ({ username, speed }: RatingHistoryPanelProps) => {
  const { t } = useLingui();
  const history = useRatingHistory(username, speed);
  if (history.isPending) return <Spinner label={t`Loading the rating history…`} />;
  if (history.error) return <ErrorMessage error={history.error} onRetry={() => void history.refetch()} />;
  const games = history.data.results;
  if (games.length === 0)
    return (
      <EmptyState>
        <NoGameYet speed={speed} />
      </EmptyState>
    );
  const speedName = speedLabel(speed);
  return (
    <div className="space-y-4">
      <ChartBoundary>
        <Suspense fallback={<Spinner label={t`Drawing the chart…`} />}>
          <RatingChart label={speedName} history={games} />
        </Suspense>
      </ChartBoundary>
      <table aria-label={t`${speedName} rated games`} className="w-full text-sm">
        <thead className="text-start text-slate-600 dark:text-slate-300">
          <tr>
            <th scope="col" className="py-1 pe-2 font-semibold">
              <Trans>Date</Trans>
            </th>
            <th scope="col" className="py-1 pe-2 font-semibold">
              <Trans>Event</Trans>
            </th>
            <th scope="col" className="py-1 pe-2 font-semibold">
              <Trans>Opponent</Trans>
            </th>
            <th scope="col" className="py-1 pe-2 font-semibold">
              <Trans>Rating</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {games.slice(0, 20).map((game) => {
            const round = game.round;
            return (
              <tr key={`${game.tournament_id}-${game.round}`} className="border-t border-slate-200 dark:border-slate-700">
                <td className="py-1 pe-2 whitespace-nowrap">{dateText(game.rated_at)}</td>
                <td className="py-1 pe-2">
                  <Link to={`/swiss/${game.tournament_id}`} className="text-emerald-800 hover:underline dark:text-emerald-400">
                    {game.tournament_name}
                  </Link>{' '}
                  <span className="text-slate-500">{t({ message: `round ${round}`, comment: 'The round of the event the game was played in.' })}</span>
                </td>
                <td className="py-1 pe-2">
                  <Outcome score={game.score} opponent={game.opponent} />
                </td>
                <td className="py-1 pe-2 tabular-nums">
                  {game.rating_after} <RatingDiff diff={game.diff} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
};
