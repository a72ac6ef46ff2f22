import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';

import { EmptyState } from '@/components/ui/empty-state';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { usePlayerEvents } from '@/features/ratings/api/get-player-events';
import { useProfile } from '@/features/ratings/api/get-profile';
import { RatingHistoryPanel } from '@/features/ratings/components/rating-history-panel';
import { ratingLabel, speedLabel, speedWord, type Speed, type SpeedRating } from '@/features/ratings/types/ratings';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-error';
import { dateText } from '@/lib/i18n/format';

/** An event's status in a player's list of events (the API's codes, tournaments/models.py). */
const EVENT_STATUS: Record<string, MessageDescriptor> = {
  scheduled: msg({ message: 'scheduled', comment: "An event's status, in a list of facts about it." }),
  running: msg({ message: 'running', comment: "An event's status, in a list of facts about it." }),
  finished: msg({ message: 'finished', comment: "An event's status, in a list of facts about it." }),
  cancelled: msg({ message: 'cancelled', comment: "An event's status, in a list of facts about it." }),
};

/** The speed shown first: the one with the most rated games (blitz for a newcomer). */
const busiest = (ratings: SpeedRating[]): Speed =>
  ratings.reduce<SpeedRating | null>((best, r) => (r.games > (best?.games ?? 0) ? r : best), null)?.speed ?? 'blitz';

const PlayerEvents = ({ username }: { username: string }) => {
  const { t } = useLingui();
  const events = usePlayerEvents(username);
  if (events.isPending) return <Spinner label={t`Loading events…`} />;
  if (events.error) return <ErrorMessage error={events.error} onRetry={() => void events.refetch()} />;
  if (events.data.results.length === 0)
    return (
      <EmptyState>
        <Trans>No event entered yet.</Trans>
      </EmptyState>
    );
  return (
    <ul aria-label={t`Events`} className="divide-y divide-slate-200 text-sm dark:divide-slate-700">
      {events.data.results.map((event) => {
        const status = EVENT_STATUS[event.status];
        return (
          <li key={event.id} className="flex flex-wrap items-baseline gap-x-2 py-1.5">
            <Link to={`/swiss/${event.id}`} className="font-medium text-emerald-800 hover:underline dark:text-emerald-400">
              {event.name}
            </Link>
            <span className="text-slate-500">
              {speedWord(event.speed)} · {event.rated ? t`rated` : t`unrated`} · {status ? t(status) : event.status} ·{' '}
              {dateText(event.start_time)}
            </span>
          </li>
        );
      })}
    </ul>
  );
};

/** A player's ratings per speed, a rating-history chart per speed, their events. */
export const ProfilePage = ({ username }: { username: string }) => {
  const { t } = useLingui();
  const profile = useProfile(username);
  const [picked, setPicked] = useState<Speed | null>(null);
  usePageTitle(profile.data?.username ?? username);
  if (profile.isPending) return <Spinner label={t`Loading the profile…`} />;
  if (profile.error instanceof ApiError && profile.error.status === 404)
    return (
      <EmptyState>
        <Trans>No player is called {username}.</Trans>
      </EmptyState>
    );
  if (profile.error) return <ErrorMessage error={profile.error} onRetry={() => void profile.refetch()} />;
  const { ratings } = profile.data;
  const speed = picked ?? busiest(ratings);
  const speedName = speedLabel(speed);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{profile.data.username}</h1>
      <div role="tablist" aria-label={t`Ratings by speed`} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {ratings.map((rating) => {
          const games = rating.games;
          return (
            <button
              key={rating.speed}
              type="button"
              role="tab"
              aria-selected={rating.speed === speed}
              onClick={() => setPicked(rating.speed)}
              className={`rounded-md border px-3 py-2 text-start ${
                rating.speed === speed ? 'border-emerald-600 bg-emerald-50 dark:bg-emerald-950' : 'border-slate-200 dark:border-slate-700'
              }`}
            >
              <span className="block text-xs text-slate-500 uppercase">{speedLabel(rating.speed)}</span>
              <span className="block text-xl font-semibold tabular-nums" title={`±${rating.deviation}`}>
                {ratingLabel(rating)}
              </span>
              <span className="block text-xs text-slate-500">{t`${plural(games, { one: '# rated game', other: '# rated games' })}`}</span>
            </button>
          );
        })}
      </div>
      <section role="tabpanel" aria-label={t`${speedName} rating history`}>
        <RatingHistoryPanel key={speed} username={profile.data.username} speed={speed} />
      </section>
      <section className="space-y-2">
        <h2 className="text-lg font-semibold">
          <Trans>Events</Trans>
        </h2>
        <PlayerEvents username={profile.data.username} />
        <p className="text-sm">
          {/* The coming rounds of every event not over, as a feed a calendar app subscribes to. */}
          <a className="underline underline-offset-2" href={`/@/${encodeURIComponent(profile.data.username)}/swiss.ics`}>
            <Trans>Calendar of coming rounds (.ics)</Trans>
          </a>
        </p>
      </section>
    </div>
  );
};
