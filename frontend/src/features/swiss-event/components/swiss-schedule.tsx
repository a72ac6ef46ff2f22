import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

import { durationText } from '@/lib/i18n/format';
import { useRounds } from '@/lib/swiss/get-rounds';
import { useCountdown } from '@/hooks/use-countdown';
import { durationLabel, formatDateTime } from '@/lib/swiss/display';
import type { Tournament } from '@/lib/swiss/types';

const laterRounds = (tournament: Tournament): string | null => {
  if (tournament.round_times.length >= tournament.num_rounds) return null;
  const interval = tournament.round_interval_seconds;
  if (interval == null) return t`Later rounds are started by an arbiter.`;
  const pause = durationText(Math.round(interval / 60) * 60, 'long');
  return t`Later rounds start ${pause} after the previous one ends.`;
};

/** The no-show time: online, each side's first-move deadline; over the board, the time a player
 * has to come to the board (FIDE Laws 6.7.1), which the arbiter applies (docs/swiss.md). */
const noShowText = (tournament: Tournament, over: boolean): string => {
  const time = durationLabel(tournament.no_show_seconds ?? tournament.no_show_seconds_default);
  if (tournament.mode === 'online')
    return over ? t`No-show time was ${time} for each player's first move.` : t`No-show time: ${time} for each player's first move.`;
  return over
    ? t`No-show time was ${time} after each round's start.`
    : t`No-show time: a player not at the board ${time} after the round starts loses by forfeit.`;
};

/** After the end: when each round was actually played (its pairing), not when it was listed. */
const PlayedRounds = ({ tournament, zone }: { tournament: Tournament; zone: string }) => {
  const { t } = useLingui();
  const rounds = (useRounds(tournament.id).data ?? []).filter((round) => round.started_at);
  if (rounds.length === 0) return null;
  return (
    <details>
      <summary className="cursor-pointer font-medium">
        <Trans comment="zone: the viewer's time zone, e.g. Europe/Paris">Rounds were played ({zone})</Trans>
      </summary>
      <ol className="mt-1 grid gap-x-4 sm:grid-cols-2" aria-label={t`Round start times`}>
        {rounds.map((round) => {
          const number = round.number;
          const startedAt = round.started_at!;
          const at = formatDateTime(startedAt);
          return (
            <li key={number}>
              <Trans>
                Round {number} started <time dateTime={startedAt}>{at}</time>
              </Trans>
            </li>
          );
        })}
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
  const { t } = useLingui();
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
    tournament.current_round > 0 || (opens && finished && new Date(opens) <= new Date(finished)) ? 'opened' : over ? 'never' : 'opens';
  const later = laterRounds(tournament);
  const deadlineAt = deadline ? formatDateTime(deadline) : '';
  const opensAt = opens ? formatDateTime(opens) : '';
  const checkInBefore = durationText((tournament.checkin_minutes ?? 0) * 60, 'long');
  return (
    <section aria-labelledby="schedule-title" className="flex flex-col gap-1 text-sm">
      <h2 id="schedule-title" className="sr-only">
        <Trans comment="heading: the event's timetable">Schedule</Trans>
      </h2>
      {times.length > 0 && over && <PlayedRounds tournament={tournament} zone={zone} />}
      {times.length > 0 && !over && (
        <details open={times.length <= 9}>
          <summary className="cursor-pointer font-medium">
            <Trans comment="zone: the viewer's time zone, e.g. Europe/Paris">Round schedule ({zone})</Trans>
          </summary>
          <ol className="mt-1 grid gap-x-4 sm:grid-cols-2" aria-label={t`Round start times`}>
            {times.map((at, index) => {
              const number = index + 1;
              const when = formatDateTime(at);
              return (
                <li key={at}>
                  <Trans>
                    Round {number}: <time dateTime={at}>{when}</time>
                  </Trans>
                </li>
              );
            })}
          </ol>
          {later && <p className="text-slate-600 dark:text-slate-400">{later}</p>}
        </details>
      )}
      {deadline && (
        <p>
          {closed ? (
            <Trans>
              Registration closed <time dateTime={deadline}>{deadlineAt}</time>.
            </Trans>
          ) : (
            <Trans>
              Registration closes <time dateTime={deadline}>{deadlineAt}</time>.
            </Trans>
          )}
        </p>
      )}
      {opens && (
        <p>
          {checkIn === 'opened' ? (
            <Trans>
              Check-in opened {checkInBefore} before round 1 (<time dateTime={opens}>{opensAt}</time>).
            </Trans>
          ) : checkIn === 'never' ? (
            <Trans>
              Check-in was to open {checkInBefore} before round 1 (<time dateTime={opens}>{opensAt}</time>).
            </Trans>
          ) : (
            <Trans>
              Check-in opens {checkInBefore} before round 1 (<time dateTime={opens}>{opensAt}</time>).
            </Trans>
          )}
        </p>
      )}
      <p>{noShowText(tournament, over)}</p>
      {!over && (
        <p>
          <a className="underline underline-offset-2" href={`/swiss/${tournament.id}.ics`}>
            <Trans>Add the rounds to your calendar (.ics)</Trans>
          </a>
        </p>
      )}
    </section>
  );
};
