import { z } from 'zod';

const whole = (label: string, min: number, max: number) =>
  z.number({ error: `${label} must be a number.` }).int(`${label} must be a whole number.`).min(min, `At least ${min}.`).max(max, `At most ${max}.`);
const points = z.number({ error: 'A number.' }).min(0, 'At least 0.').max(100, 'At most 100.');

/** A number input's value, or null when left blank. */
export const optionalNumber = (value: number | null) => (value == null || Number.isNaN(value) ? null : value);

/** The create form, checked as the API checks it (docs/team-swiss.md). */
export const createFormSchema = z.object({
  name: z.string().trim().min(1, 'Give the event a name.').max(120, 'At most 120 characters.'),
  description: z.string().max(5000, 'At most 5000 characters.'),
  boards: whole('Boards', 1, 12),
  num_rounds: whole('Rounds', 1, 20),
  colour_model: z.enum(['typea', 'typeb', 'nocolor']),
  primary_score: z.enum(['mp', 'gp']),
  mp_win: points,
  mp_draw: points,
  mp_loss: points,
  gp_win: points,
  gp_draw: points,
  gp_loss: points,
  tiebreaks: z.array(z.string()).max(8, 'At most 8 tie-breaks.'),
  initial_colour: z.enum(['white', 'black']),
  lineup_minutes: whole('Minutes', 0, 1440),
  // Online: each board is a game on the server, on the clock below (which it then needs).
  mode: z.enum(['otb', 'online']),
  starts_local: z.string(),
  venue: z.string().trim().max(120, 'At most 120 characters.'),
  // The rate of play, for the TRF's 122/222 and the rating report. Blank (an empty number
  // input reads as NaN): not given.
  clock_minutes: z.union([whole('Minutes', 1, 600), z.nan()]).nullable(),
  clock_increment: z.union([whole('Seconds', 0, 180), z.nan()]).nullable(),
  // Fair-play entry rules for every squad player, with the individual event's limits. Blank
  // (NaN): no rule.
  min_account_age_days: z.union([whole('Days', 0, 36500), z.nan()]).nullable(),
  min_rated_games: z.union([whole('Games', 0, 100000), z.nan()]).nullable(),
}).refine((values) => values.mode !== 'online' || optionalNumber(values.clock_minutes) !== null, {
  message: 'An online event needs its clock: minutes per player.',
  path: ['clock_minutes'],
});

export type CreateFormValues = z.infer<typeof createFormSchema>;

/** The form's values before the user changes any; the tie-break order is the server's default. */
export const formDefaults = (defaultOrder: string[]): CreateFormValues => ({
  name: '',
  description: '',
  boards: 4,
  num_rounds: 5,
  colour_model: 'typea',
  primary_score: 'mp',
  mp_win: 2,
  mp_draw: 1,
  mp_loss: 0,
  gp_win: 1,
  gp_draw: 0.5,
  gp_loss: 0,
  tiebreaks: defaultOrder,
  initial_colour: 'white',
  lineup_minutes: 10,
  mode: 'otb',
  starts_local: '',
  venue: '',
  clock_minutes: null,
  clock_increment: null,
  min_account_age_days: null,
  min_rated_games: null,
});

/** The API's field names that the form edits under another name. */
export const API_FIELDS: Record<string, keyof CreateFormValues> = {
  match_points: 'mp_win',
  game_points: 'gp_win',
  starts_at: 'starts_local',
};

