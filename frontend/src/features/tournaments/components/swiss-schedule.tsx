import { formatDateTime } from '@/features/tournaments/types/display';
import type { Tournament } from '@/features/tournaments/types/swiss';

const laterRounds = (tournament: Tournament): string | null => {
  if (tournament.round_times.length >= tournament.num_rounds) return null;
  const interval = tournament.round_interval_seconds;
  if (interval == null) return 'Later rounds are started by an arbiter.';
  const minutes = Math.round(interval / 60);
  return `Later rounds start ${minutes} minute${minutes === 1 ? '' : 's'} after the previous one ends.`;
};

/**
 * The event's timetable, in the viewer's time zone: each listed round start, what the rounds
 * after the list follow, the registration deadline, the check-in window, the no-show time, and
 * the calendar feed.
 */
export const SwissSchedule = ({ tournament }: { tournament: Tournament }) => {
  const times = tournament.round_times;
  const noShow = tournament.no_show_seconds ?? tournament.no_show_seconds_default;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <section aria-labelledby="schedule-title" className="flex flex-col gap-1 text-sm">
      <h2 id="schedule-title" className="sr-only">
        Schedule
      </h2>
      {times.length > 0 && (
        <details open={times.length <= 9}>
          <summary className="cursor-pointer font-medium">Round schedule ({zone})</summary>
          <ol className="mt-1 grid gap-x-4 sm:grid-cols-2" aria-label="Round start times">
            {times.map((at, index) => (
              <li key={at}>
                Round {index + 1}: <time dateTime={at}>{formatDateTime(at)}</time>
              </li>
            ))}
          </ol>
          {laterRounds(tournament) && <p className="text-slate-600 dark:text-slate-400">{laterRounds(tournament)}</p>}
        </details>
      )}
      {tournament.registration_deadline && (
        <p>
          Registration closes <time dateTime={tournament.registration_deadline}>{formatDateTime(tournament.registration_deadline)}</time>.
        </p>
      )}
      {tournament.checkin_opens_at && (
        <p>
          Check-in opens {tournament.checkin_minutes} minutes before round 1 (
          <time dateTime={tournament.checkin_opens_at}>{formatDateTime(tournament.checkin_opens_at)}</time>).
        </p>
      )}
      {tournament.mode === 'online' && <p>No-show time: {noShow} seconds for each player&apos;s first move.</p>}
      <p>
        <a className="underline underline-offset-2" href={`/swiss/${tournament.id}.ics`}>
          Add the rounds to your calendar (.ics)
        </a>
      </p>
    </section>
  );
};
