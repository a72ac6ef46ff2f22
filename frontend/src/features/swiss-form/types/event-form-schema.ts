import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { z } from 'zod';

import { dateTimeText } from '@/lib/i18n/format';

/** Clock presets per speed (minutes + seconds of increment), as lichess offers them. */
export const CLOCK_PRESETS: readonly { label: MessageDescriptor; minutes: number; increment: number }[] = [
  { label: msg({ message: 'Bullet 1+0', comment: 'a clock preset: the speed, then minutes + increment seconds (the numbers stay)' }), minutes: 1, increment: 0 },
  { label: msg({ message: 'Bullet 2+1', comment: 'a clock preset: the speed, then minutes + increment seconds (the numbers stay)' }), minutes: 2, increment: 1 },
  { label: msg({ message: 'Blitz 3+2', comment: 'a clock preset: the speed, then minutes + increment seconds (the numbers stay)' }), minutes: 3, increment: 2 },
  { label: msg({ message: 'Blitz 5+3', comment: 'a clock preset: the speed, then minutes + increment seconds (the numbers stay)' }), minutes: 5, increment: 3 },
  { label: msg({ message: 'Rapid 10+5', comment: 'a clock preset: the speed, then minutes + increment seconds (the numbers stay)' }), minutes: 10, increment: 5 },
  { label: msg({ message: 'Rapid 15+10', comment: 'a clock preset: the speed, then minutes + increment seconds (the numbers stay)' }), minutes: 15, increment: 10 },
  { label: msg({ message: 'Classical 30+20', comment: 'a clock preset: the speed, then minutes + increment seconds (the numbers stay)' }), minutes: 30, increment: 20 },
];

/** A whole number from `min` to `max`; the two sentences say what is wrong with the field. */
const whole = (min: number, max: number, notNumber: string, notWhole: string) =>
  z.number({ error: notNumber }).int(notWhole).min(min, t`At least ${min}.`).max(max, t`At most ${max}.`);

// An empty number input reads as NaN: no limit (or none of what the field sets).
const orNone = <T extends z.ZodType>(schema: T) => z.union([schema, z.nan()]).nullable();
const validLocal = (local: string) => !Number.isNaN(new Date(local).getTime());

/** What is wrong with the listed round times (item i is round i + 1's start), naming the round,
 * as the server does ("Round 3 must start after round 2 (…)"); null when nothing is. A blank
 * followed by a time would move that time to the blank's round, so it is refused too. */
export const roundTimesProblem = (times: string[], numRounds: number): string | null => {
  const last = times.reduce((found, local, i) => (local ? i : found), -1);
  for (let i = 0; i <= last; i += 1) {
    const local = times[i] ?? '';
    const round = i + 1;
    if (!local) return t`Round ${round} has no time: give it one, or remove the times after it.`;
    if (!validLocal(local)) return t`Round ${round}'s time is not a valid date and time.`;
    const previous = times[i - 1];
    if (previous && new Date(local) <= new Date(previous)) {
      const earlier = i;
      const at = dateTimeText(previous);
      return t`Round ${round} must start after round ${earlier} (${at}).`;
    }
  }
  if (last + 1 > numRounds)
    return plural(numRounds, {
      one: 'At most one time per round: this event has # round.',
      other: 'At most one time per round: this event has # rounds.',
    });
  return null;
};

/** The form's checks, their messages in the interface language: built when the form is (again
 * when the language changes). */
export const eventFormSchema = () => {
  const atMost = (characters: number) => t`At most ${characters} characters.`;
  const notValid = t`Not a valid date and time.`;
  const rating = orNone(whole(0, 4000, t`A rating must be a number.`, t`A rating must be a whole number.`));
  return z
    .object({
      name: z.string().trim().min(1, t`Give the event a name.`).max(120, atMost(120)),
      description: z.string().max(5000, atMost(5000)),
      clock_minutes: z.number({ error: t`Minutes must be a number.` }).min(0, t`At least 0.`).max(180, t`At most 180 minutes.`),
      clock_increment_seconds: whole(0, 180, t`The increment must be a number.`, t`The increment must be a whole number.`),
      num_rounds: whole(1, 100, t`Rounds must be a number.`, t`Rounds must be a whole number.`),
      start_local: z.string().min(1, t`Pick a start date and time.`),
      scheduling: z.enum(['interval', 'daily', 'manual']),
      interval_minutes: z.number({ error: t`Minutes must be a number.` }).min(0, t`At least 0.`).max(7 * 24 * 60, t`At most a week.`),
      min_rating: rating,
      max_rating: rating,
      // Fair-play entry rules; empty (NaN): none.
      min_account_age_days: orNone(whole(0, 36500, t`Days must be a number.`, t`Days must be a whole number.`)),
      min_rated_games: orNone(whole(0, 100000, t`Games must be a number.`, t`Games must be a whole number.`)),
      password: z.string().max(128, atMost(128)),
      mode: z.enum(['online', 'otb']),
      venue: z.string().trim().max(120, atMost(120)),
      rated: z.boolean(),
      accelerated: z.boolean(),
      bye_request_limit: whole(0, 100, t`The bye limit must be a number.`, t`The bye limit must be a whole number.`),
      regulations: z.enum(['2026', '2023']),
      tiebreak_order: z.array(z.string()).max(12, t`At most 12 tie-breaks.`),
      pairing_mode: z.enum(['engine', 'manual']),
      standings_hidden: z.boolean(),
      disqualification_games: z.enum(['stand', 'forfeit']),
      teammates_do_not_meet: z.boolean(),
      // Empty (NaN): teammates are kept apart in every round.
      teammates_rounds: orNone(whole(1, 100, t`Rounds must be a number.`, t`Rounds must be a whole number.`)),
      team_standings_top: whole(1, 100, t`Players counted must be a number.`, t`Players counted must be a whole number.`),
      // Each listed round's start in the viewer's zone (datetime-local); the API stores UTC.
      round_times_local: z.array(z.string()).max(100, t`At most 100 rounds.`),
      registration_deadline_local: z.string(),
      // Empty: no check-in window; the default no-show time for the speed.
      checkin_minutes: orNone(whole(1, 1440, t`Minutes must be a number.`, t`Minutes must be a whole number.`)),
      no_show_seconds: orNone(whole(10, 180 * 60, t`Seconds must be a number.`, t`Seconds must be a whole number.`)),
    })
    .superRefine((values, ctx) => {
      if (values.clock_minutes === 0 && values.clock_increment_seconds === 0)
        ctx.addIssue({ code: 'custom', path: ['clock_minutes'], message: t`The clock cannot be 0+0.` });
      if (values.min_rating != null && values.max_rating != null && values.min_rating > values.max_rating)
        ctx.addIssue({ code: 'custom', path: ['max_rating'], message: t`Must not be below the minimum rating.` });
      if (Number.isNaN(new Date(values.start_local).getTime())) ctx.addIssue({ code: 'custom', path: ['start_local'], message: notValid });
      const scheduleProblem = roundTimesProblem(values.round_times_local, values.num_rounds);
      if (scheduleProblem) ctx.addIssue({ code: 'custom', path: ['round_times_local'], message: scheduleProblem });
      if (values.registration_deadline_local && !validLocal(values.registration_deadline_local))
        ctx.addIssue({ code: 'custom', path: ['registration_deadline_local'], message: notValid });
      const clockSeconds = values.clock_minutes * 60;
      if (values.no_show_seconds != null && clockSeconds > 0 && values.no_show_seconds > clockSeconds)
        ctx.addIssue({ code: 'custom', path: ['no_show_seconds'], message: t`At most the whole initial clock (${clockSeconds} seconds).` });
    });
};

export type EventFormValues = z.infer<ReturnType<typeof eventFormSchema>>;

/** Fields the rules fix once the event has started (docs/swiss.md). */
export const LOCKED_AFTER_START = ['clock_minutes', 'clock_increment_seconds', 'start_local', 'mode', 'checkin_minutes'] as const;
