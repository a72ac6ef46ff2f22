import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Controller } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { QueryBoundary } from '@/components/ui/query-boundary';
import { SelectField } from '@/components/ui/select-field';
import { SortableCodes } from '@/components/ui/sortable-codes';
import { TextField } from '@/components/ui/text-field';
import { useCreateTeamSwiss } from '@/features/team-swiss-form/api/create-team-swiss';
import { API_FIELDS, createFormSchema, formDefaults, optionalNumber, type CreateFormValues } from '@/features/team-swiss-form/types/create-form-schema';
import { COLOUR_MODEL_HELP_MESSAGES, COLOUR_MODEL_MESSAGES, PRIMARY_SCORE_MESSAGES } from '@/lib/team-swiss/display';
import type { TeamSwissEvent, TeamSwissInput } from '@/lib/team-swiss/types';
import { useTeamTiebreakCatalogue } from '@/lib/team-swiss/get-tiebreak-catalogue';
import { teamTiebreakChoices, teamTiebreakInfo, type TeamTiebreakCatalogue } from '@/lib/team-swiss/tiebreaks';
import { ApiError } from '@/lib/api-error';
import { useApiForm } from '@/lib/use-api-form';

const sameOrder = (a: string[], b: string[]) => a.length === b.length && a.every((code, index) => code === b[index]);

const inputOf = (team: string, values: CreateFormValues, defaultOrder: string[]): TeamSwissInput => {
  const minutes = optionalNumber(values.clock_minutes);
  return {
    team,
    name: values.name.trim(),
    description: values.description,
    boards: values.boards,
    num_rounds: values.num_rounds,
    colour_model: values.colour_model,
    primary_score: values.primary_score,
    match_points: { win: String(values.mp_win), draw: String(values.mp_draw), loss: String(values.mp_loss) },
    game_points: { win: String(values.gp_win), draw: String(values.gp_draw), loss: String(values.gp_loss) },
    // The default order unchanged is not sent: the server puts its default in (one place).
    ...(sameOrder(values.tiebreaks, defaultOrder) ? {} : { tiebreaks: values.tiebreaks }),
    initial_colour: values.initial_colour,
    lineup_minutes: values.lineup_minutes,
    mode: values.mode,
    starts_at: values.starts_local ? new Date(values.starts_local).toISOString() : null,
    ...(values.venue ? { venue: values.venue } : {}),
    ...(minutes === null ? {} : { clock_minutes: minutes, clock_increment: optionalNumber(values.clock_increment) ?? 0 }),
    min_account_age_days: optionalNumber(values.min_account_age_days),
    min_rated_games: optionalNumber(values.min_rated_games),
  };
};

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

type CreateFormProps = { team: string; onSaved: (event: TeamSwissEvent) => void };

/** Creates a team Swiss event for `team` (its leaders only; the API says so otherwise), once the
 * server's tie-break catalogue is read: the form offers its codes and starts from its default order. */
export const TeamSwissCreateForm = (props: CreateFormProps) => {
  const { t } = useLingui();
  const catalogue = useTeamTiebreakCatalogue();
  return (
    <QueryBoundary query={catalogue} loadingLabel={t`Loading the form…`}>
      {(data) => <CreateFormFields {...props} catalogue={data} />}
    </QueryBoundary>
  );
};

const CreateFormFields = ({ team, onSaved, catalogue }: CreateFormProps & { catalogue: TeamTiebreakCatalogue }) => {
  const { t } = useLingui();
  const create = useCreateTeamSwiss();
  const defaultOrder = catalogue.default_order;
  const defaults = formDefaults(defaultOrder);
  const { form, formError, submit } = useApiForm<CreateFormValues>({
    schema: createFormSchema,
    defaultValues: defaults,
    fields: Object.keys(defaults) as (keyof CreateFormValues)[],
    send: async (values) => {
      try {
        onSaved(await create.mutateAsync(inputOf(team, values, defaultOrder)));
      } catch (error) {
        renameFields(error);
        throw error;
      }
    },
  });
  const { register, formState, control, watch } = form;
  const errors = formState.errors;
  const number = { valueAsNumber: true } as const;
  const colourHelpId = useId();
  const primary = watch('primary_score');
  const online = watch('mode') === 'online';
  const colourModel = watch('colour_model');
  const modelName = t(COLOUR_MODEL_MESSAGES[colourModel]);
  const modelHelp = t(COLOUR_MODEL_HELP_MESSAGES[colourModel]);
  return (
    <form onSubmit={submit} noValidate aria-label={t`New team Swiss`} className="flex max-w-3xl flex-col gap-4">
      <fieldset disabled={formState.isSubmitting} className="flex min-w-0 flex-col gap-4">
        <TextField label={t({ message: 'Name', comment: "The event's name." })} error={errors.name?.message} {...register('name')} />
        <label className="flex flex-col gap-1 text-sm font-medium">
          <Trans>Description</Trans>
          <textarea rows={2} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-normal dark:border-slate-600 dark:bg-slate-900" {...register('description')} />
        </label>
        <div className="grid gap-2 sm:grid-cols-3">
          <TextField label={t`Boards per match`} type="number" error={errors.boards?.message} {...register('boards', number)} />
          <TextField label={t({ message: 'Rounds', comment: 'How many rounds the event has.' })} type="number" error={errors.num_rounds?.message} {...register('num_rounds', number)} />
          <TextField label={t`Line-up minutes`} type="number" error={errors.lineup_minutes?.message} {...register('lineup_minutes', number)} />
        </div>
        <SelectField label={t({ message: 'Played', comment: 'How the games are played: over the board or online.' })} {...register('mode')}>
          <option value="otb">{t`Over the board`}</option>
          <option value="online">{t`Online, on this server`}</option>
        </SelectField>
        {online ? (
          <fieldset className="flex min-w-0 flex-col gap-1">
            <legend className="text-sm font-medium">
              <Trans>Clock of every game</Trans>
            </legend>
            <div className="grid grid-cols-2 gap-2">
              <TextField className="min-w-0" label={t`Minutes per player`} type="number" placeholder={t`e.g. 15`} error={errors.clock_minutes?.message} {...register('clock_minutes', number)} />
              <TextField className="min-w-0" label={t`Increment (seconds)`} type="number" placeholder={t`e.g. 10`} error={errors.clock_increment?.message} {...register('clock_increment', number)} />
            </div>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              <Trans>
                When the line-ups close, each board becomes a game here with this clock and both players are taken to it; a player who does not move in time loses the board by forfeit.
              </Trans>
            </p>
          </fieldset>
        ) : null}
        <div className="grid gap-2 sm:grid-cols-3">
          <SelectField label={t`Colour model`} aria-describedby={colourHelpId} {...register('colour_model')}>
            {Object.entries(COLOUR_MODEL_MESSAGES).map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t`Primary score`} {...register('primary_score')}>
            {Object.entries(PRIMARY_SCORE_MESSAGES).map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t`Initial colour (team 1, board 1)`} {...register('initial_colour')}>
            <option value="white">{t({ message: 'White', comment: 'The colour of the pieces.' })}</option>
            <option value="black">{t({ message: 'Black', comment: 'The colour of the pieces.' })}</option>
          </SelectField>
        </div>
        <p id={colourHelpId} className="text-sm text-slate-600 dark:text-slate-400">
          {t({ message: `${modelName}: ${modelHelp}`, comment: 'A colour model, then what it does.' })}
        </p>
        <fieldset className="flex min-w-0 flex-col gap-1">
          <legend className="text-sm font-medium">
            <Trans>Match points for a won, drawn and lost match</Trans>
          </legend>
          <div className="grid grid-cols-3 gap-2">
            <TextField className="min-w-0" label={t({ message: 'Win', comment: 'Match points for a won match.' })} type="number" step="0.5" error={errors.mp_win?.message} {...register('mp_win', number)} />
            <TextField className="min-w-0" label={t({ message: 'Draw', comment: 'Match points for a drawn match.' })} type="number" step="0.5" error={errors.mp_draw?.message} {...register('mp_draw', number)} />
            <TextField className="min-w-0" label={t({ message: 'Loss', comment: 'Match points for a lost match.' })} type="number" step="0.5" error={errors.mp_loss?.message} {...register('mp_loss', number)} />
          </div>
        </fieldset>
        <fieldset className="flex min-w-0 flex-col gap-1">
          <legend className="text-sm font-medium">
            <Trans>Game points for a won, drawn and lost game</Trans>
          </legend>
          <div className="grid grid-cols-3 gap-2">
            <TextField className="min-w-0" label={t`Game win`} type="number" step="0.5" error={errors.gp_win?.message} {...register('gp_win', number)} />
            <TextField className="min-w-0" label={t`Game draw`} type="number" step="0.5" error={errors.gp_draw?.message} {...register('gp_draw', number)} />
            <TextField className="min-w-0" label={t`Game loss`} type="number" step="0.5" error={errors.gp_loss?.message} {...register('gp_loss', number)} />
          </div>
        </fieldset>
        <Controller
          control={control}
          name="tiebreaks"
          render={({ field, fieldState }) => (
            <SortableCodes
              legend={primary === 'mp' ? t`Tie-break order (teams equal on match points)` : t`Tie-break order (teams equal on game points)`}
              value={field.value}
              onChange={field.onChange}
              choices={teamTiebreakChoices(catalogue, primary)}
              info={(code) => teamTiebreakInfo(catalogue, primary, code)}
              addLabel={t`Add a tie-break`}
              hint={
                sameOrder(field.value, defaultOrder) ? (
                  t`The default order. Drag a row by its handle (or focus it, press Space and use the arrow keys) to reorder; ✕ removes one.`
                ) : (
                  <span className="flex flex-wrap items-center gap-x-2">
                    {field.value.length === 0 ? t`None chosen: the event gets the default order.` : t`Your order.`}
                    <button type="button" className="underline underline-offset-2" onClick={() => field.onChange(defaultOrder)}>
                      <Trans>Use the default order</Trans>
                    </button>
                  </span>
                )
              }
              error={fieldState.error?.message}
            />
          )}
        />
        <fieldset className="flex min-w-0 flex-col gap-1">
          <legend className="text-sm font-medium">
            <Trans>Fair-play entry rules (optional)</Trans>
          </legend>
          <div className="grid grid-cols-2 gap-2">
            <TextField className="min-w-0" label={t`Minimum account age (days)`} type="number" placeholder={t({ message: 'None', comment: 'No minimum is set.' })} error={errors.min_account_age_days?.message} {...register('min_account_age_days', number)} />
            <TextField className="min-w-0" label={t`Minimum rated games at the event's speed`} type="number" placeholder={t({ message: 'None', comment: 'No minimum is set.' })} error={errors.min_rated_games?.message} {...register('min_rated_games', number)} />
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <Trans>
              Every player on a squad must meet them, checked against their account when they are listed and when they accept; every player then needs an account. The speed is the clock’s (classical without one).
            </Trans>
          </p>
        </fieldset>
        <TextField label={t`Start (your time zone, optional)`} type="datetime-local" error={errors.starts_local?.message} {...register('starts_local')} />
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="text-sm font-medium">
            <Trans>For the FIDE rating report (optional)</Trans>
          </legend>
          <TextField label={t`Venue`} placeholder={t`Where the matches are played`} error={errors.venue?.message} {...register('venue')} />
          {/* Online, the clock is asked for above (one pair of fields: the games' and FIDE's). */}
          {online ? null : (
            <div className="grid grid-cols-2 gap-2">
              <TextField className="min-w-0" label={t`Minutes per player`} type="number" placeholder={t`e.g. 90`} error={errors.clock_minutes?.message} {...register('clock_minutes', number)} />
              <TextField className="min-w-0" label={t`Increment (seconds)`} type="number" placeholder={t`e.g. 30`} error={errors.clock_increment?.message} {...register('clock_increment', number)} />
            </div>
          )}
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <Trans>
              Written into the event’s TRF file for FIDE. The chief arbiter and the deputies are entered on the event’s rating report page once it is created.
            </Trans>
          </p>
        </fieldset>
      </fieldset>
      <FormError message={formError} />
      <div>
        <Button type="submit" disabled={formState.isSubmitting}>
          <Trans>Create team Swiss</Trans>
        </Button>
      </div>
    </form>
  );
};
