import { t } from '@lingui/core/macro';
import { z } from 'zod';

// The messages are functions: read when a value is checked, in the interface language of then.

/** A whole number's two messages, each a sentence naming the field ("Rounds must be a number."). */
type WholeMessages = { number: () => string; whole: () => string };

const whole = (messages: WholeMessages, min: number, max: number) =>
  z
    .number({ error: messages.number })
    .int({ error: messages.whole })
    .min(min, { error: () => t`At least ${min}.` })
    .max(max, { error: () => t`At most ${max}.` });
const points = z
  .number({ error: () => t`A number.` })
  .min(0, { error: () => t`At least 0.` })
  .max(100, { error: () => t`At most 100.` });

const BOARDS: WholeMessages = { number: () => t`Boards must be a number.`, whole: () => t`Boards must be a whole number.` };
const ROUNDS: WholeMessages = { number: () => t`Rounds must be a number.`, whole: () => t`Rounds must be a whole number.` };
const MINUTES: WholeMessages = { number: () => t`Minutes must be a number.`, whole: () => t`Minutes must be a whole number.` };
const SECONDS: WholeMessages = { number: () => t`Seconds must be a number.`, whole: () => t`Seconds must be a whole number.` };
const DAYS: WholeMessages = { number: () => t`Days must be a number.`, whole: () => t`Days must be a whole number.` };
const GAMES: WholeMessages = { number: () => t`Games must be a number.`, whole: () => t`Games must be a whole number.` };

/** A number input's value, or null when left blank. */
export const optionalNumber = (value: number | null) => (value == null || Number.isNaN(value) ? null : value);

/** The create form, checked as the API checks it (docs/team-swiss.md). */
export const createFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: () => t`Give the event a name.` })
    .max(120, { error: () => t`At most 120 characters.` }),
  description: z.string().max(5000, { error: () => t`At most 5000 characters.` }),
  boards: whole(BOARDS, 1, 12),
  num_rounds: whole(ROUNDS, 1, 20),
  colour_model: z.enum(['typea', 'typeb', 'nocolor']),
  primary_score: z.enum(['mp', 'gp']),
  mp_win: points,
  mp_draw: points,
  mp_loss: points,
  gp_win: points,
  gp_draw: points,
  gp_loss: points,
  tiebreaks: z.array(z.string()).max(8, { error: () => t`At most 8 tie-breaks.` }),
  initial_colour: z.enum(['white', 'black']),
  lineup_minutes: whole(MINUTES, 0, 1440),
  // Online: each board is a game on the server, on the clock below (which it then needs).
  mode: z.enum(['otb', 'online']),
  starts_local: z.string(),
  venue: z
    .string()
    .trim()
    .max(120, { error: () => t`At most 120 characters.` }),
  // The rate of play, for the TRF's 122/222 and the rating report. Blank (an empty number
  // input reads as NaN): not given.
  clock_minutes: z.union([whole(MINUTES, 1, 600), z.nan()]).nullable(),
  clock_increment: z.union([whole(SECONDS, 0, 180), z.nan()]).nullable(),
  // Fair-play entry rules for every squad player, with the individual event's limits. Blank
  // (NaN): no rule.
  min_account_age_days: z.union([whole(DAYS, 0, 36500), z.nan()]).nullable(),
  min_rated_games: z.union([whole(GAMES, 0, 100000), z.nan()]).nullable(),
}).refine((values) => values.mode !== 'online' || optionalNumber(values.clock_minutes) !== null, {
  error: () => t`An online event needs its clock: minutes per player.`,
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

