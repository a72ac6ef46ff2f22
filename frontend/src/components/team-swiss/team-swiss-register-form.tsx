import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { TeamSwissEntryRules } from '@/components/team-swiss/team-swiss-entry-rules';
import { useRegisterTeam } from '@/lib/team-swiss/team-actions';
import type { TeamInput, TeamSwissEvent } from '@/lib/team-swiss/types';
import { ApiError, errorMessage } from '@/lib/api-error';

type Row = { name: string; username: string; rating: string };
const emptyRow = (): Row => ({ name: '', username: '', rating: '' });

const fieldMessage = (error: unknown, name: string) => (error instanceof ApiError ? error.fields[name]?.join(' ') : undefined);

// The squad's refusals: its lines', and each player who falls short of an entry rule (the
// server keys those by the rule and names the player).
const SQUAD_FIELDS = ['players', 'min_account_age_days', 'min_rated_games'];
const squadMessage = (error: unknown) =>
  SQUAD_FIELDS.map((field) => fieldMessage(error, field))
    .filter(Boolean)
    .join(' ') || undefined;

const Registered = ({ name, tpn }: { name: string; tpn: number }) => (
  <p role="status">
    <Trans comment="tpn: the team's number in the event">
      {name} is team no. {tpn}.
    </Trans>
  </p>
);

type RegisterFormProps = {
  event: TeamSwissEvent;
  /** The form's title and accessible name (a translated text); "Register a team" when not given. */
  title?: string;
  /** A leader names the captain; without the field, the captain is the user who registers. */
  withCaptain?: boolean;
};

/** Register a team: its name, captain (when `withCaptain`) and squad (name, username, rating) in board order. */
export const TeamSwissRegisterForm = ({ event, title, withCaptain = true }: RegisterFormProps) => {
  const { t } = useLingui();
  const heading = title ?? t`Register a team`;
  const [name, setName] = useState('');
  const [captain, setCaptain] = useState('');
  const [rows, setRows] = useState<Row[]>(() => Array.from({ length: event.boards }, emptyRow));
  // The team just registered: its name and number.
  const [done, setDone] = useState<{ name: string; tpn: number } | null>(null);
  const register = useRegisterTeam(event.id);
  const error = register.error;
  const squadError = squadMessage(error);
  const boards = event.boards;
  const placed = Boolean(squadError) || ['name', 'captain'].some((field) => fieldMessage(error, field));
  const setRow = (index: number, change: Partial<Row>) => setRows(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const onSubmit = (form: FormEvent) => {
    form.preventDefault();
    setDone(null);
    // An account's name and rating are its own (the server refuses them from a squad): a row
    // with a username sends the username only, and that user is invited until they accept.
    const players: TeamInput['players'] = rows
      .filter((row) => row.name.trim() || row.username.trim())
      .map((row) =>
        row.username.trim()
          ? { username: row.username.trim() }
          : { name: row.name.trim(), rating: row.rating ? Number(row.rating) : null },
      );
    register.mutate(
      { name: name.trim(), ...(captain.trim() ? { captain: captain.trim() } : {}), players },
      {
        onSuccess: (team) => {
          setDone({ name: team.name, tpn: team.tpn });
          setName('');
          setCaptain('');
          setRows(Array.from({ length: event.boards }, emptyRow));
        },
      },
    );
  };
  return (
    <form onSubmit={onSubmit} aria-label={heading} noValidate className="flex min-w-0 flex-col gap-2">
      <h3 className="font-semibold">{heading}</h3>
      <div className="grid gap-2 sm:grid-cols-2">
        <TextField label={t`Team name`} value={name} onChange={(change) => setName(change.target.value)} error={fieldMessage(error, 'name')} />
        {withCaptain && (
          <TextField
            label={t`Captain (username)`}
            value={captain}
            placeholder={t({ message: 'you, if left blank', comment: 'the captain field: empty makes the user registering the captain' })}
            onChange={(change) => setCaptain(change.target.value)}
            error={fieldMessage(error, 'captain')}
          />
        )}
      </div>
      <fieldset className="flex min-w-0 flex-col gap-1" aria-describedby={squadError ? 'squad-error' : undefined}>
        <legend className="text-sm font-medium">
          <Trans>
            Squad in board order (at least {boards}; the players after board {boards} are reserves)
          </Trans>
        </legend>
        <p className="text-xs text-slate-500 dark:text-slate-400">
          <Trans>
            A username invites that account: it plays once its user accepts (on their account page), with its own name and rating. A player
            without an account: a name and a rating.
          </Trans>
        </p>
        <TeamSwissEntryRules event={event} />
        {rows.map((row, index) => {
          const number = index + 1;
          return (
            <div key={index} className="grid grid-cols-[1.5rem_minmax(0,1fr)_minmax(0,1fr)_4.5rem] items-center gap-1">
              <span className="text-end text-sm text-slate-500 tabular-nums">{number}</span>
              <input
                aria-label={t`Player ${number} name`}
                placeholder={
                  row.username.trim()
                    ? t({ message: 'the account’s', comment: 'placeholder of a squad line’s name when a username is given: the account’s own name' })
                    : t({ message: 'Name', comment: 'placeholder: a squad player’s name' })
                }
                disabled={Boolean(row.username.trim())}
                value={row.username.trim() ? '' : row.name}
                onChange={(change) => setRow(index, { name: change.target.value })}
                className="min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
              />
              <input
                aria-label={t`Player ${number} username`}
                placeholder={t({ message: 'Username', comment: 'placeholder: a squad player’s account' })}
                value={row.username}
                onChange={(change) => setRow(index, { username: change.target.value })}
                className="min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
              />
              <input
                aria-label={t`Player ${number} rating`}
                placeholder={
                  row.username.trim()
                    ? t({ message: 'its own', comment: 'placeholder of a squad line’s rating when a username is given: the account’s own rating' })
                    : t({ message: 'Rating', comment: 'placeholder: a squad player’s rating' })
                }
                disabled={Boolean(row.username.trim())}
                inputMode="numeric"
                value={row.username.trim() ? '' : row.rating}
                onChange={(change) => setRow(index, { rating: change.target.value.replace(/\D/g, '') })}
                className="min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm tabular-nums dark:border-slate-600 dark:bg-slate-900"
              />
            </div>
          );
        })}
        {squadError && (
          <p id="squad-error" className="text-sm text-red-700 dark:text-red-400">
            {squadError}
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setRows([...rows, emptyRow()])}>
          <Trans>Add a player</Trans>
        </Button>
        <Button type="submit" disabled={register.isPending}>
          <Trans>Register team</Trans>
        </Button>
      </div>
      {error && !placed && <FormError message={errorMessage(error)} />}
      {done && <Registered name={done.name} tpn={done.tpn} />}
    </form>
  );
};
