import { z } from 'zod';

/** Clock presets per speed (minutes + seconds of increment), as lichess offers them. */
export const CLOCK_PRESETS = [
  { label: 'Bullet 1+0', minutes: 1, increment: 0 },
  { label: 'Bullet 2+1', minutes: 2, increment: 1 },
  { label: 'Blitz 3+2', minutes: 3, increment: 2 },
  { label: 'Blitz 5+3', minutes: 5, increment: 3 },
  { label: 'Rapid 10+5', minutes: 10, increment: 5 },
  { label: 'Rapid 15+10', minutes: 15, increment: 10 },
  { label: 'Classical 30+20', minutes: 30, increment: 20 },
] as const;

const whole = (label: string, min: number, max: number) =>
  z.number({ error: `${label} must be a number.` }).int(`${label} must be a whole number.`).min(min, `At least ${min}.`).max(max, `At most ${max}.`);

// An empty number input reads as NaN: no limit.
const optionalRating = z.union([whole('A rating', 0, 4000), z.nan()]).nullable();
// Empty: no check-in window; the default no-show time for the speed.
const optionalWhole = (label: string, min: number, max: number) => z.union([whole(label, min, max), z.nan()]).nullable();
const validLocal = (local: string) => !Number.isNaN(new Date(local).getTime());

const shortDateTime = (local: string) => new Date(local).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** What is wrong with the listed round times (item i is round i + 1's start), naming the round,
 * as the server does ("Round 3 must start after round 2 (…)"); null when nothing is. A blank
 * followed by a time would move that time to the blank's round, so it is refused too. */
export const roundTimesProblem = (times: string[], numRounds: number): string | null => {
  const last = times.reduce((found, local, i) => (local ? i : found), -1);
  for (let i = 0; i <= last; i += 1) {
    const local = times[i] ?? '';
    if (!local) return `Round ${i + 1} has no time: give it one, or remove the times after it.`;
    if (!validLocal(local)) return `Round ${i + 1}'s time is not a valid date and time.`;
    const previous = times[i - 1];
    if (previous && new Date(local) <= new Date(previous))
      return `Round ${i + 1} must start after round ${i} (${shortDateTime(previous)}).`;
  }
  if (last + 1 > numRounds) return `At most one time per round: this event has ${numRounds} round${numRounds === 1 ? '' : 's'}.`;
  return null;
};

export const eventFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the event a name.').max(120, 'At most 120 characters.'),
    description: z.string().max(5000, 'At most 5000 characters.'),
    clock_minutes: z.number({ error: 'Minutes must be a number.' }).min(0, 'At least 0.').max(180, 'At most 180 minutes.'),
    clock_increment_seconds: whole('The increment', 0, 180),
    num_rounds: whole('Rounds', 1, 100),
    start_local: z.string().min(1, 'Pick a start date and time.'),
    scheduling: z.enum(['interval', 'daily', 'manual']),
    interval_minutes: z.number({ error: 'Minutes must be a number.' }).min(0, 'At least 0.').max(7 * 24 * 60, 'At most a week.'),
    min_rating: optionalRating,
    max_rating: optionalRating,
    // Fair-play entry rules; empty (NaN): none.
    min_account_age_days: optionalWhole('Days', 0, 36500),
    min_rated_games: optionalWhole('Games', 0, 100000),
    password: z.string().max(128, 'At most 128 characters.'),
    mode: z.enum(['online', 'otb']),
    venue: z.string().trim().max(120, 'At most 120 characters.'),
    rated: z.boolean(),
    accelerated: z.boolean(),
    bye_request_limit: whole('The bye limit', 0, 100),
    regulations: z.enum(['2026', '2023']),
    tiebreak_order: z.array(z.string()).max(12, 'At most 12 tie-breaks.'),
    pairing_mode: z.enum(['engine', 'manual']),
    standings_hidden: z.boolean(),
    disqualification_games: z.enum(['stand', 'forfeit']),
    teammates_do_not_meet: z.boolean(),
    // Empty (NaN): teammates are kept apart in every round.
    teammates_rounds: z.union([whole('Rounds', 1, 100), z.nan()]).nullable(),
    team_standings_top: whole('Players counted', 1, 100),
    // Each listed round's start in the viewer's zone (datetime-local); the API stores UTC.
    round_times_local: z.array(z.string()).max(100, 'At most 100 rounds.'),
    registration_deadline_local: z.string(),
    checkin_minutes: optionalWhole('Minutes', 1, 1440),
    no_show_seconds: optionalWhole('Seconds', 10, 180 * 60),
  })
  .superRefine((values, ctx) => {
    if (values.clock_minutes === 0 && values.clock_increment_seconds === 0)
      ctx.addIssue({ code: 'custom', path: ['clock_minutes'], message: 'The clock cannot be 0+0.' });
    if (values.min_rating != null && values.max_rating != null && values.min_rating > values.max_rating)
      ctx.addIssue({ code: 'custom', path: ['max_rating'], message: 'Must not be below the minimum rating.' });
    if (Number.isNaN(new Date(values.start_local).getTime()))
      ctx.addIssue({ code: 'custom', path: ['start_local'], message: 'Not a valid date and time.' });
    const scheduleProblem = roundTimesProblem(values.round_times_local, values.num_rounds);
    if (scheduleProblem) ctx.addIssue({ code: 'custom', path: ['round_times_local'], message: scheduleProblem });
    if (values.registration_deadline_local && !validLocal(values.registration_deadline_local))
      ctx.addIssue({ code: 'custom', path: ['registration_deadline_local'], message: 'Not a valid date and time.' });
    const clockSeconds = values.clock_minutes * 60;
    if (values.no_show_seconds != null && clockSeconds > 0 && values.no_show_seconds > clockSeconds)
      ctx.addIssue({ code: 'custom', path: ['no_show_seconds'], message: `At most the whole initial clock (${clockSeconds} seconds).` });
  });

export type EventFormValues = z.infer<typeof eventFormSchema>;

/** Fields the rules fix once the event has started (docs/swiss.md). */
export const LOCKED_AFTER_START = ['clock_minutes', 'clock_increment_seconds', 'start_local', 'mode', 'checkin_minutes'] as const;
