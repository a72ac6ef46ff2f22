import { useRounds } from '@/lib/swiss/get-rounds';
import { useCountdown } from '@/hooks/use-countdown';
import { durationLabel, formatDateTime } from '@/lib/swiss/display';
import type { Tournament } from '@/lib/swiss/types';

const laterRounds = (tournament: Tournament): string | null => {
  if (tournament.round_times.length >= tournament.num_rounds) return null;
  const interval = tournament.round_interval_seconds;
  if (interval == null) return 'Later rounds are started by an arbiter.';
  const minutes = Math.round(interval / 60);
  return `Later rounds start ${minutes} minute${minutes === 1 ? '' : 's'} after the previous one ends.`;
};

/** The no-show time: online, each side's first-move deadline; over the board, the time a player
 * has to come to the board (FIDE Laws 6.7.1), which the arbiter applies (docs/swiss.md). */
const noShowText = (tournament: Tournament, over: boolean): string => {
  const time = durationLabel(tournament.no_show_seconds ?? tournament.no_show_seconds_default);
  if (tournament.mode === 'online') return `No-show time${over ? ' was' : ':'} ${time} for each player's first move.`;
  return over
    ? `No-show time was ${time} after each round's start.`
    : `No-show time: a player not at the board ${time} after the round starts loses by forfeit.`;
};

/** After the end: when each round was actually played (its pairing), not when it was listed. */
const PlayedRounds = ({ tournament, zone }: { tournament: Tournament; zone: string }) => {
  const rounds = (useRounds(tournament.id).data ?? []).filter((round) => round.started_at);
  if (rounds.length === 0) return null;
  return (
    <details>
      <summary className="cursor-pointer font-medium">
        Rounds were played ({zone})
      </summary>
      <ol className="mt-1 grid gap-x-4 sm:grid-cols-2" aria-label="Round start times">
        {rounds.map((round) => (
          <li key={round.number}>
            Round {round.number} started <time dateTime={round.started_at!}>{formatDateTime(round.started_at!)}</time>
          </li>
        ))}
      </ol>
    </details>
  );
};

/**
 * The event's timetable, in the viewer's time zone: each listed round start, what the rounds
 * after the list follow, the registration deadline, the check-in window, the no-show time, and
 * the calendar feed. Once the event is over it says what was: the rounds' actual starts, in the
 * past tense, and no calendar link.
 */
export const SwissSchedule = ({ tournament }: { tournament: Tournament }) => {
  const times = tournament.round_times;
  const over = tournament.status === 'finished' || tournament.status === 'cancelled';
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const deadline = tournament.registration_deadline;
  // Ticks until the event is over: the sentence turns to the past tense when the deadline passes.
  const left = useCountdown(over ? null : deadline);
  const closed = over || left === 0;
  // The window closes when round 1 is paired; an event called off before it opened never had one.
  const opens = tournament.checkin_opens_at;
  const finished = tournament.finished_at;
  const checkIn =
    tournament.current_round > 0 || (opens && finished && new Date(opens) <= new Date(finished)) ? 'opened' : over ? 'was to open' : 'opens';
  return (
    <section aria-labelledby="schedule-title" className="flex flex-col gap-1 text-sm">
      <h2 id="schedule-title" className="sr-only">
        Schedule
      </h2>
      {times.length > 0 && over && <PlayedRounds tournament={tournament} zone={zone} />}
      {times.length > 0 && !over && (
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
      {deadline && (
        <p>
          Registration {closed ? 'closed' : 'closes'} <time dateTime={deadline}>{formatDateTime(deadline)}</time>.
        </p>
      )}
      {tournament.checkin_opens_at && (
        <p>
          Check-in {checkIn} {tournament.checkin_minutes} minutes before round 1 (
          <time dateTime={tournament.checkin_opens_at}>{formatDateTime(tournament.checkin_opens_at)}</time>).
        </p>
      )}
      <p>{noShowText(tournament, over)}</p>
      {!over && (
        <p>
          <a className="underline underline-offset-2" href={`/swiss/${tournament.id}.ics`}>
            Add the rounds to your calendar (.ics)
          </a>
        </p>
      )}
    </section>
  );
};
