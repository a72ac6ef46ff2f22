import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useCreateTeamSwiss } from '@/features/team-swiss/api/team-swiss-actions';
import { API_FIELDS, createFormSchema, tiebreakList, type CreateFormValues } from '@/features/team-swiss/types/create-form-schema';
import { COLOUR_MODELS, PRIMARY_SCORES } from '@/features/team-swiss/types/display';
import type { TeamSwissEvent, TeamSwissInput } from '@/features/team-swiss/types/team-swiss';
import { ApiError } from '@/lib/api-error';
import { useApiForm } from '@/lib/use-api-form';

const DEFAULTS: CreateFormValues = {
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
  tiebreaks: '',
  initial_colour: 'white',
  lineup_minutes: 10,
  starts_local: '',
};

const inputOf = (team: string, values: CreateFormValues): TeamSwissInput => ({
  team,
  name: values.name.trim(),
  description: values.description,
  boards: values.boards,
  num_rounds: values.num_rounds,
  colour_model: values.colour_model,
  primary_score: values.primary_score,
  match_points: { win: String(values.mp_win), draw: String(values.mp_draw), loss: String(values.mp_loss) },
  game_points: { win: String(values.gp_win), draw: String(values.gp_draw), loss: String(values.gp_loss) },
  // Blank: the server's default order.
  ...(tiebreakList(values.tiebreaks).length ? { tiebreaks: tiebreakList(values.tiebreaks) } : {}),
  initial_colour: values.initial_colour,
  lineup_minutes: values.lineup_minutes,
  starts_at: values.starts_local ? new Date(values.starts_local).toISOString() : null,
});

/** The API's nested or renamed field messages, put on the form's own fields. */
const renameFields = (error: unknown) => {
  if (!(error instanceof ApiError)) return;
  for (const [name, messages] of Object.entries(error.fields)) {
    const local = API_FIELDS[name.split('.')[0] ?? name];
    if (local) {
      error.fields[local] = [...(error.fields[local] ?? []), ...messages];
      delete error.fields[name];
    }
  }
};

/** Creates a team Swiss event for `team` (its leaders only; the API says so otherwise). */
export const TeamSwissCreateForm = ({ team, onSaved }: { team: string; onSaved: (event: TeamSwissEvent) => void }) => {
  const create = useCreateTeamSwiss();
  const { form, formError, submit } = useApiForm<CreateFormValues>({
    schema: createFormSchema,
    defaultValues: DEFAULTS,
    fields: Object.keys(DEFAULTS) as (keyof CreateFormValues)[],
    send: async (values) => {
      try {
        onSaved(await create.mutateAsync(inputOf(team, values)));
      } catch (error) {
        renameFields(error);
        throw error;
      }
    },
  });
  const { register, formState } = form;
  const errors = formState.errors;
  const number = { valueAsNumber: true } as const;
  return (
    <form onSubmit={submit} noValidate aria-label="New team Swiss" className="flex max-w-3xl flex-col gap-4">
      <fieldset disabled={formState.isSubmitting} className="flex min-w-0 flex-col gap-4">
        <TextField label="Name" error={errors.name?.message} {...register('name')} />
        <label className="flex flex-col gap-1 text-sm font-medium">
          Description
          <textarea rows={2} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-normal dark:border-slate-600 dark:bg-slate-900" {...register('description')} />
        </label>
        <div className="grid gap-2 sm:grid-cols-3">
          <TextField label="Boards per match" type="number" error={errors.boards?.message} {...register('boards', number)} />
          <TextField label="Rounds" type="number" error={errors.num_rounds?.message} {...register('num_rounds', number)} />
          <TextField label="Line-up minutes" type="number" error={errors.lineup_minutes?.message} {...register('lineup_minutes', number)} />
        </div>
        <div className="grid gap-2 sm:grid-cols-3">
          <SelectField label="Colour model" {...register('colour_model')}>
            {Object.entries(COLOUR_MODELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <SelectField label="Primary score" {...register('primary_score')}>
            {Object.entries(PRIMARY_SCORES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <SelectField label="Initial colour (team 1, board 1)" {...register('initial_colour')}>
            <option value="white">White</option>
            <option value="black">Black</option>
          </SelectField>
        </div>
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium">Match points for a won, drawn and lost match</legend>
          <div className="grid grid-cols-3 gap-2">
            <TextField label="Win" type="number" step="0.5" error={errors.mp_win?.message} {...register('mp_win', number)} />
            <TextField label="Draw" type="number" step="0.5" error={errors.mp_draw?.message} {...register('mp_draw', number)} />
            <TextField label="Loss" type="number" step="0.5" error={errors.mp_loss?.message} {...register('mp_loss', number)} />
          </div>
        </fieldset>
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium">Game points for a won, drawn and lost game</legend>
          <div className="grid grid-cols-3 gap-2">
            <TextField label="Game win" type="number" step="0.5" error={errors.gp_win?.message} {...register('gp_win', number)} />
            <TextField label="Game draw" type="number" step="0.5" error={errors.gp_draw?.message} {...register('gp_draw', number)} />
            <TextField label="Game loss" type="number" step="0.5" error={errors.gp_loss?.message} {...register('gp_loss', number)} />
          </div>
        </fieldset>
        <TextField
          label="Tie-break order (team codes, comma-separated)"
          placeholder="e.g. EDE, BH:MP, SB:MP (blank: none)"
          error={errors.tiebreaks?.message}
          {...register('tiebreaks')}
        />
        <TextField label="Start (your time zone, optional)" type="datetime-local" error={errors.starts_local?.message} {...register('starts_local')} />
      </fieldset>
      <FormError message={formError} />
      <div>
        <Button type="submit" disabled={formState.isSubmitting}>
          Create team Swiss
        </Button>
      </div>
    </form>
  );
};
