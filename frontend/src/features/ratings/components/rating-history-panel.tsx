import { Component, lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';

import { EmptyState } from '@/components/ui/empty-state';
import { ErrorMessage } from '@/components/ui/error-message';
import { RatingDiff } from '@/components/ui/rating-diff';
import { Spinner } from '@/components/ui/spinner';
import { useRatingHistory } from '@/features/ratings/api/get-rating-history';
import { speedLabel, type Speed } from '@/features/ratings/types/ratings';

// The charting library is loaded with the first chart, not with the page.
const RatingChart = lazy(() => import('@/features/ratings/components/rating-chart'));

/** A chart that cannot be drawn (no canvas) leaves the table below it. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <p className="text-sm text-slate-500">The chart cannot be drawn here.</p> : this.props.children;
  }
}

const SCORE = { 1: 'won', 0.5: 'drew', 0: 'lost' } as Record<number, string>;

type RatingHistoryPanelProps = { username: string; speed: Speed };

/** One speed's rating history: the chart, then the latest games with their changes. */
export const RatingHistoryPanel = ({ username, speed }: RatingHistoryPanelProps) => {
  const history = useRatingHistory(username, speed);
  if (history.isPending) return <Spinner label="Loading the rating history…" />;
  if (history.error) return <ErrorMessage error={history.error} onRetry={() => void history.refetch()} />;
  const games = history.data.results;
  if (games.length === 0) return <EmptyState>No rated {speed} game yet.</EmptyState>;
  return (
    <div className="space-y-4">
      <ChartBoundary>
        <Suspense fallback={<Spinner label="Drawing the chart…" />}>
          <RatingChart label={speedLabel(speed)} history={games} />
        </Suspense>
      </ChartBoundary>
      <table aria-label={`${speedLabel(speed)} rated games`} className="w-full text-sm">
        <thead className="text-left text-slate-600 dark:text-slate-300">
          <tr>
            <th scope="col" className="py-1 pr-2 font-semibold">Date</th>
            <th scope="col" className="py-1 pr-2 font-semibold">Event</th>
            <th scope="col" className="py-1 pr-2 font-semibold">Opponent</th>
            <th scope="col" className="py-1 pr-2 font-semibold">Rating</th>
          </tr>
        </thead>
        <tbody>
          {games.slice(0, 20).map((game) => (
            <tr key={`${game.tournament_id}-${game.round}`} className="border-t border-slate-200 dark:border-slate-700">
              <td className="py-1 pr-2 whitespace-nowrap">{new Date(game.rated_at).toLocaleDateString()}</td>
              <td className="py-1 pr-2">
                <Link to={`/swiss/${game.tournament_id}`} className="text-emerald-800 hover:underline dark:text-emerald-400">
                  {game.tournament_name}
                </Link>{' '}
                <span className="text-slate-500">round {game.round}</span>
              </td>
              <td className="py-1 pr-2">
                {SCORE[game.score]} against{' '}
                <Link to={`/@/${game.opponent}`} className="hover:underline">
                  {game.opponent}
                </Link>
              </td>
              <td className="py-1 pr-2 tabular-nums">
                {game.rating_after} <RatingDiff diff={game.diff} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};
