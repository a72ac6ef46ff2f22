import { createFormSchema, formDefaults, optionalNumber, type CreateFormValues } from '@/features/team-swiss-form/types/create-form-schema';

/** The form as it starts (the team catalogue's default order), named. */
const values: CreateFormValues = { ...formDefaults(['MPVGP', 'BH/C1', 'BH', 'ESB/C1']), name: 'League' };

/** Each refused field with its first message. */
const problems = (changed: Partial<CreateFormValues>) => {
  const result = createFormSchema.safeParse({ ...values, ...changed });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('createFormSchema', () => {
  it('takes the form as it starts, a blank number (NaN) reading as none', () => {
    expect(problems({})).toEqual({});
    expect(problems({ clock_minutes: Number.NaN, min_rated_games: Number.NaN })).toEqual({});
    expect(optionalNumber(Number.NaN)).toBeNull();
    expect(optionalNumber(null)).toBeNull();
    expect(optionalNumber(0)).toBe(0);
  });

  it('checks the limits the API checks', () => {
    expect(problems({ name: '  ', boards: 13, num_rounds: 2.5, tiebreaks: Array.from({ length: 9 }, (_, index) => `C${index}`) })).toEqual({
      name: 'Give the event a name.',
      boards: 'At most 12.',
      num_rounds: 'Rounds must be a whole number.',
      tiebreaks: 'At most 8 tie-breaks.',
    });
  });

  it('asks an online event for its clock', () => {
    expect(problems({ mode: 'online' })).toEqual({ clock_minutes: 'An online event needs its clock: minutes per player.' });
    expect(problems({ mode: 'online', clock_minutes: 15 })).toEqual({});
  });
});
