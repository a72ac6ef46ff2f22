import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { Link } from 'wouter';

import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { FormError } from '@/components/ui/form-error';
import { QueryBoundary } from '@/components/ui/query-boundary';
import { TextField } from '@/components/ui/text-field';
import { useTiebreakCatalogue } from '@/lib/swiss/get-tiebreak-catalogue';
import { useSaveTournament, type TournamentSettings } from '@/features/swiss-form/api/save-tournament';
import { TeammatesCheckButton } from '@/features/swiss-form/components/teammates-check-button';
import { TiebreakSorter } from '@/features/swiss-form/components/tiebreak-sorter';
import { CLOCK_PRESETS, eventFormSchema, LOCKED_AFTER_START, type EventFormValues } from '@/features/swiss-form/types/event-form-schema';
import { fromLocalInput, toLocalInput } from '@/lib/swiss/local-time';
import type { Tournament } from '@/lib/swiss/types';
import type { TiebreakCatalogue } from '@/lib/swiss/tiebreaks';
import { useApiForm } from '@/lib/use-api-form';

const DAY = 86_400;

/** The form's values for `event` (null: a new event, ranked by the server's default tie-break order). */
const defaultsOf = (event: Tournament | null, defaultOrder: string[]): EventFormValues => {
  const start = event ? event.start_time : new Date(Date.now() + 3_600_000).toISOString();
  const interval = event?.round_interval_seconds;
  return {
    name: event?.name ?? '',
    description: event?.description ?? '',
    clock_minutes: (event?.clock_limit_seconds ?? 180) / 60,
    clock_increment_seconds: event?.clock_increment_seconds ?? 2,
    num_rounds: event?.num_rounds ?? 7,
    start_local: toLocalInput(start),
    scheduling: interval == null ? (event ? 'manual' : 'interval') : interval === DAY ? 'daily' : 'interval',
    interval_minutes: interval != null && interval !== DAY ? interval / 60 : 1,
    min_rating: event?.min_rating ?? null,
    max_rating: event?.max_rating ?? null,
    min_account_age_days: event?.min_account_age_days ?? null,
    min_rated_games: event?.min_rated_games ?? null,
    password: '',
    mode: event?.mode === 'otb' ? 'otb' : 'online',
    venue: event?.venue ?? '',
    rated: event?.rated ?? true,
    accelerated: event?.accelerated ?? false,
    bye_request_limit: event?.bye_request_limit ?? 1,
    regulations: event?.regulations === '2023' ? '2023' : '2026',
    tiebreak_order: event?.tiebreak_order ?? defaultOrder,
    pairing_mode: event?.pairing_mode === 'manual' ? 'manual' : 'engine',
    standings_hidden: event?.standings_hidden ?? false,
    disqualification_games: event?.disqualification_games === 'forfeit' ? 'forfeit' : 'stand',
    teammates_do_not_meet: event?.teammates_do_not_meet ?? false,
    teammates_rounds: event?.teammates_rounds ?? null,
    team_standings_top: event?.team_standings_top ?? 4,
    round_times_local: (event?.round_times ?? []).map(toLocalInput),
    registration_deadline_local: event?.registration_deadline ? toLocalInput(event.registration_deadline) : '',
    checkin_minutes: event?.checkin_minutes ?? null,
    no_show_seconds: event?.no_show_seconds ?? null,
  };
};

const optionalNumber = (value: number | null) => (value == null || Number.isNaN(value) ? null : value);

const settingsOf = (values: EventFormValues): TournamentSettings => ({
  name: values.name.trim(),
  description: values.description,
  clock_limit_seconds: Math.round(values.clock_minutes * 60),
  clock_increment_seconds: values.clock_increment_seconds,
  num_rounds: values.num_rounds,
  start_time: fromLocalInput(values.start_local),
  round_interval_seconds:
    values.scheduling === 'manual' ? null : values.scheduling === 'daily' ? DAY : Math.round(values.interval_minutes * 60),
  min_rating: optionalNumber(values.min_rating),
  max_rating: optionalNumber(values.max_rating),
  min_account_age_days: optionalNumber(values.min_account_age_days),
  min_rated_games: optionalNumber(values.min_rated_games),
  mode: values.mode,
  venue: values.mode === 'otb' ? values.venue.trim() : '',
  rated: values.rated,
  accelerated: values.accelerated,
  bye_request_limit: values.bye_request_limit,
  regulations: values.regulations,
  tiebreak_order: values.tiebreak_order,
  pairing_mode: values.pairing_mode,
  standings_hidden: values.standings_hidden,
  disqualification_games: values.disqualification_games,
  teammates_do_not_meet: values.teammates_do_not_meet,
  teammates_rounds: optionalNumber(values.teammates_rounds),
  team_standings_top: values.team_standings_top,
  round_times: values.round_times_local.filter(Boolean).map(fromLocalInput),
  registration_deadline: values.registration_deadline_local ? fromLocalInput(values.registration_deadline_local) : null,
  checkin_minutes: optionalNumber(values.checkin_minutes),
  no_show_seconds: optionalNumber(values.no_show_seconds),
});

/** Maps the API's field names onto the form's (the clock is edited in minutes, the start locally). */
const API_FIELDS: Record<string, keyof EventFormValues> = {
  clock_limit_seconds: 'clock_minutes',
  start_time: 'start_local',
  round_interval_seconds: 'interval_minutes',
  round_times: 'round_times_local',
  registration_deadline: 'registration_deadline_local',
};

type EventFormProps = {
  team: string;
  /** The event to edit; null creates one. */
  event: Tournament | null;
  onSaved: (event: Tournament) => void;
};

/** Creates or edits an event: one form, the fields the rules lock after the start disabled. It
 * shows once the server's tie-break codes are in (a new event starts from their default order). */
export const EventForm = (props: EventFormProps) => {
  const { t } = useLingui();
  const catalogue = useTiebreakCatalogue();
  return (
    <QueryBoundary query={catalogue} loadingLabel={t`Loading the form…`}>
      {(data) => <EventFormFields {...props} catalogue={data} />}
    </QueryBoundary>
  );
};

const EventFormFields = ({ team, event, onSaved, catalogue }: EventFormProps & { catalogue: TiebreakCatalogue }) => {
  const { t, i18n } = useLingui();
  // The checks' messages in the interface language: built again when it changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the locale is what the messages depend on
  const schema = useMemo(() => eventFormSchema(), [i18n.locale]);
  const lockReason = t`Fixed once the event has started.`;
  const save = useSaveTournament(team, event?.id ?? null);
  const started = event !== null && event.status !== 'scheduled';
  const locked = (field: (typeof LOCKED_AFTER_START)[number]) => started && LOCKED_AFTER_START.includes(field);
  const { form, formError, submit } = useApiForm<EventFormValues>({
    schema,
    defaultValues: defaultsOf(event, catalogue.default_order),
    fields: Object.keys(defaultsOf(null, [])) as (keyof EventFormValues)[],
    send: async (values) => {
      const settings: Partial<TournamentSettings> = settingsOf(values);
      if (started) for (const field of ['clock_limit_seconds', 'clock_increment_seconds', 'start_time', 'mode', 'checkin_minutes'] as const) delete settings[field];
      // An unchanged schedule is not sent: the inputs keep minutes only, and a stored time
      // with seconds that has passed (a late round) would read as moved into the past.
      if (event && values.round_times_local.join() === defaultsOf(event, []).round_times_local.join()) delete settings.round_times;
      // A blank password leaves an existing one as it is; a new event gets none.
      if (values.password || !event) settings.password = values.password;
      try {
        onSaved(await save.mutateAsync(settings));
      } catch (error) {
        renameFields(error);
        throw error;
      }
    },
  });
  const { register, formState, control, watch, setValue } = form;
  const errors = formState.errors;
  const scheduling = watch('scheduling');
  const number = { valueAsNumber: true } as const;
  const noShowDefault = event?.no_show_seconds_default;
  const none = t({ message: 'None', comment: 'an empty field: no limit' });
  return (
    <form onSubmit={submit} noValidate aria-label={event ? t`Edit the event` : t`New event`} className="flex max-w-3xl flex-col gap-4">
      <fieldset disabled={formState.isSubmitting} className="flex flex-col gap-4">
        <TextField label={t({ message: 'Name', context: 'of an event', comment: 'the event’s name' })} error={errors.name?.message} {...register('name')} />
        <label className="flex flex-col gap-1 text-sm font-medium">
          <Trans>Description</Trans>
          <textarea rows={3} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-normal dark:border-slate-600 dark:bg-slate-900" {...register('description')} />
          {errors.description && <span className="text-red-700 dark:text-red-400">{errors.description.message}</span>}
        </label>
        <fieldset className="flex flex-col gap-2" disabled={locked('clock_minutes')}>
          <legend className="text-sm font-medium">
            <Trans>Time control</Trans>
          </legend>
          {locked('clock_minutes') && <p className="text-sm text-slate-600 dark:text-slate-400">{lockReason}</p>}
          <div className="flex flex-wrap gap-1" role="group" aria-label={t`Clock presets`}>
            {CLOCK_PRESETS.map((preset) => (
              <Button
                key={`${preset.minutes}+${preset.increment}`}
                variant="secondary"
                onClick={() => {
                  setValue('clock_minutes', preset.minutes, { shouldValidate: true });
                  setValue('clock_increment_seconds', preset.increment, { shouldValidate: true });
                }}
              >
                {t(preset.label)}
              </Button>
            ))}
          </div>
          <div className="grid grid-cols-2 gap-2">
            <TextField label={t`Minutes per player`} type="number" step="0.25" error={errors.clock_minutes?.message} {...register('clock_minutes', number)} />
            <TextField label={t`Increment (seconds)`} type="number" error={errors.clock_increment_seconds?.message} {...register('clock_increment_seconds', number)} />
          </div>
        </fieldset>
        <div className="grid gap-2 sm:grid-cols-2">
          <TextField label={t({ message: 'Rounds', comment: 'the number of rounds of the event' })} type="number" error={errors.num_rounds?.message} {...register('num_rounds', number)} />
          <div className="flex flex-col gap-1">
            <TextField
              label={t`Start (your time zone)`}
              type="datetime-local"
              disabled={locked('start_local')}
              error={errors.start_local?.message}
              {...register('start_local')}
            />
            {locked('start_local') && <p className="text-sm text-slate-600 dark:text-slate-400">{lockReason}</p>}
          </div>
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">
            <Trans>Round scheduling</Trans>
          </legend>
          <div className="flex flex-wrap gap-4 text-sm">
            <label className="flex items-center gap-1">
              <input type="radio" value="interval" {...register('scheduling')} /> <Trans>Fixed interval</Trans>
            </label>
            <label className="flex items-center gap-1">
              <input type="radio" value="daily" {...register('scheduling')} /> <Trans>Daily at the start time</Trans>
            </label>
            <label className="flex items-center gap-1">
              <input type="radio" value="manual" {...register('scheduling')} /> <Trans>Manual (an arbiter starts each round)</Trans>
            </label>
          </div>
          {scheduling === 'interval' && (
            <TextField label={t`Pause between rounds (minutes)`} type="number" error={errors.interval_minutes?.message} {...register('interval_minutes', number)} />
          )}
          <Controller
            control={control}
            name="round_times_local"
            render={({ field, fieldState }) => (
              <RoundTimesField value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
            )}
          />
        </fieldset>
        <div className="grid gap-2 sm:grid-cols-3">
          <TextField
            label={t`Registration deadline (your time zone)`}
            type="datetime-local"
            error={errors.registration_deadline_local?.message}
            {...register('registration_deadline_local')}
          />
          <TextField
            label={t`Check-in (minutes before round 1)`}
            type="number"
            placeholder={t`No check-in`}
            disabled={locked('checkin_minutes')}
            error={errors.checkin_minutes?.message}
            {...register('checkin_minutes', number)}
          />
          <TextField
            label={t`No-show time (seconds)`}
            type="number"
            placeholder={event ? t`Default for the speed (${noShowDefault} s)` : t`Default for the speed`}
            error={errors.no_show_seconds?.message}
            {...register('no_show_seconds', number)}
          />
        </div>
        <div className="grid gap-2 sm:grid-cols-3">
          <TextField label={t`Minimum rating`} type="number" error={errors.min_rating?.message} {...register('min_rating', number)} />
          <TextField label={t`Maximum rating`} type="number" error={errors.max_rating?.message} {...register('max_rating', number)} />
          <TextField label={t`Requested byes per player`} type="number" error={errors.bye_request_limit?.message} {...register('bye_request_limit', number)} />
        </div>
        <div className="grid gap-2 sm:grid-cols-2">
          <TextField
            label={t`Minimum account age (days)`}
            type="number"
            placeholder={none}
            error={errors.min_account_age_days?.message}
            {...register('min_account_age_days', number)}
          />
          <TextField
            label={t`Minimum rated games at the event's speed`}
            type="number"
            placeholder={none}
            error={errors.min_rated_games?.message}
            {...register('min_rated_games', number)}
          />
        </div>
        <TextField
          label={t`Password`}
          type="password"
          autoComplete="new-password"
          placeholder={event?.has_password ? t({ message: 'Unchanged', comment: 'the password field: the password stays as it is' }) : none}
          error={errors.password?.message}
          {...register('password')}
        />
        <SelectField label={t({ message: 'Games', comment: 'where the event’s games are played (a setting)' })} disabled={locked('mode')} {...register('mode')}>
          <option value="online">{t`Played online here, with clocks`}</option>
          <option value="otb">{t`Over the board (results reported)`}</option>
        </SelectField>
        {locked('mode') && <p className="text-sm text-slate-600 dark:text-slate-400">{lockReason}</p>}
        {watch('mode') === 'otb' && (
          <TextField label={t`Venue`} placeholder={t`Where the games are played`} error={errors.venue?.message} {...register('venue')} />
        )}
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-1">
            <input type="checkbox" {...register('rated')} /> <Trans comment="an event setting: results count for ratings">Rated</Trans>
          </label>
          <label className="flex items-center gap-1">
            <input type="checkbox" {...register('accelerated')} /> <Trans>Accelerated pairings (Baku)</Trans>
          </label>
          <SelectField label={t`Regulations`} {...register('regulations')}>
            {(['2026', '2023'] as const).map((year) => (
              <option key={year} value={year}>
                {t({ message: `FIDE ${year}`, comment: 'the FIDE rules of that year (FIDE as your language writes it)' })}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="flex flex-wrap gap-4 text-sm">
          <SelectField label={t({ message: 'Pairing', comment: 'an event setting: how rounds are paired' })} {...register('pairing_mode')}>
            <option value="engine">{t`By the pairing engine when a round is due`}</option>
            <option value="manual">{t`By hand only (the engine only proposes)`}</option>
          </SelectField>
          <label className="flex items-center gap-1">
            <input type="checkbox" {...register('standings_hidden')} /> <Trans>Hide the standings until the end</Trans>
          </label>
          <SelectField label={t`A disqualified player's past games`} {...register('disqualification_games')}>
            <option value="stand">{t({ message: 'Stand', comment: 'a disqualified player’s past games stand (keep their results)' })}</option>
            <option value="forfeit">{t`Become forfeit wins for the opponents`}</option>
          </SelectField>
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">
            <Trans>Teams (co-hosted events)</Trans>
          </legend>
          <label className="flex items-center gap-1 text-sm">
            <input type="checkbox" {...register('teammates_do_not_meet')} /> <Trans>Teammates do not meet</Trans>
          </label>
          {errors.teammates_do_not_meet && <p className="text-sm text-red-700 dark:text-red-400">{errors.teammates_do_not_meet.message}</p>}
          <div className="grid gap-2 sm:grid-cols-2">
            <TextField
              label={t`…in the first rounds (empty: all)`}
              type="number"
              disabled={!watch('teammates_do_not_meet')}
              error={errors.teammates_rounds?.message}
              {...register('teammates_rounds', number)}
            />
            <TextField label={t`Team standings: best players counted`} type="number" error={errors.team_standings_top?.message} {...register('team_standings_top', number)} />
          </div>
          {event && watch('teammates_do_not_meet') && <TeammatesCheckButton tournamentId={event.id} rounds={optionalNumber(watch('teammates_rounds'))} />}
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {event ? (
              <Trans>
                Co-hosting teams are invited, and prizes entered, on{' '}
                <Link to={`/swiss/${event.id}`} className="underline">
                  the event’s page
                </Link>
                : its Arbiter panel has “Co-hosting teams” and “Prize table”.
              </Trans>
            ) : (
              <Trans>
                Co-hosting teams are invited, and prizes entered, once the event exists: on its page, the Arbiter panel has “Co-hosting teams” and “Prize table”.
              </Trans>
            )}
          </p>
        </fieldset>
        <Controller
          control={control}
          name="tiebreak_order"
          render={({ field, fieldState }) => (
            <TiebreakSorter catalogue={catalogue} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
        <FormError message={formError} />
        <div>
          <Button type="submit">{event ? t`Save changes` : t`Create event`}</Button>
        </div>
      </fieldset>
    </form>
  );
};

type RoundTimesFieldProps = { value: string[]; onChange: (value: string[]) => void; error?: string };

/** Each listed round's start (optional): rounds after the list follow the mode chosen above. */
const RoundTimesField = ({ value, onChange, error }: RoundTimesFieldProps) => {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-2 text-sm" role="group" aria-label={t`Round start times`}>
      <p className="font-medium">
        <Trans>Round start times (your time zone, optional)</Trans>
      </p>
      {value.map((local, index) => {
        const round = index + 1;
        return (
          <div key={index} className="flex items-end gap-2">
            <TextField
              className="min-w-0 flex-1"
              label={t({ message: `Round ${round}`, comment: 'a round of a Swiss event' })}
              type="datetime-local"
              value={local}
              onChange={(e) => onChange(value.map((v, i) => (i === index ? e.target.value : v)))}
            />
            <Button variant="secondary" aria-label={t`Remove round ${round}'s time`} onClick={() => onChange(value.filter((_, i) => i !== index))}>
              <Trans>Remove</Trans>
            </Button>
          </div>
        );
      })}
      <div>
        <Button variant="secondary" onClick={() => onChange([...value, ''])}>
          <Trans>Add a round time</Trans>
        </Button>
      </div>
      {error && <span className="text-red-700 dark:text-red-400">{error}</span>}
    </div>
  );
};

/** The API names its own fields; the form shows their messages on the fields that edit them. */
const renameFields = (error: unknown) => {
  const fields = (error as { fields?: Record<string, string[]> }).fields;
  if (!fields) return;
  for (const [api, local] of Object.entries(API_FIELDS)) {
    if (fields[api]) {
      fields[local] = fields[api];
      delete fields[api];
    }
  }
};
