import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useCohostChange, useTeamSearch } from '@/lib/swiss/cohosts';
import type { Tournament } from '@/lib/swiss/types';
import { ApiError, errorMessage } from '@/lib/api-error';

/** How long typing pauses before the search asks the server. */
const SEARCH_DELAY_MS = 250;

const useSettled = (value: string, delay: number) => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
};

/** The server's word on the team (an unknown name), else its message. */
const refusal = (error: unknown) => (error instanceof ApiError && error.fields.team?.join(' ')) || errorMessage(error);

/**
 * The host's leaders find a team by its name and invite it to co-host: the teams whose name
 * contains what was typed are listed, each with "Invite" (the host and teams already asked are
 * marked instead). Enter invites the team named exactly so, or the only one found; the server
 * also knows a team by its name, and says so when none is.
 */
export const CohostInvite = ({ tournament }: { tournament: Tournament }) => {
  const { t } = useLingui();
  const change = useCohostChange(tournament.id);
  const [typed, setTyped] = useState('');
  const [invited, setInvited] = useState<string | null>(null);
  const search = useSettled(typed.trim(), SEARCH_DELAY_MS);
  const found = useTeamSearch(search);
  const taken = new Map<string, string>([
    [tournament.team, t({ message: 'hosts', comment: 'a found team that hosts the event' })],
    ...tournament.cohosts.map((cohost): [string, string] => [
      cohost.team,
      cohost.status === 'accepted'
        ? t({ message: 'co-hosts', comment: 'a found team that co-hosts the event' })
        : t({ message: 'invited', comment: 'a found team invited to co-host the event' }),
    ]),
  ]);
  // Nothing shown once the field is emptied (an invitation sent), without waiting for the pause.
  const searching = search !== '' && typed.trim() !== '';
  const teams = searching && found.data ? found.data.results : [];
  const open = teams.filter((team) => !taken.has(team.slug));

  const invite = (team: string, name: string) => {
    setInvited(null);
    change.mutate(
      { invite: team },
      {
        onSuccess: () => {
          setInvited(name);
          setTyped('');
        },
      },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = typed.trim();
    if (!text) return;
    const exact = open.find((team) => team.name.toLocaleLowerCase() === text.toLocaleLowerCase());
    const only = open.length === 1 && search === text ? open[0] : undefined;
    const chosen = exact ?? only;
    invite(chosen?.slug ?? text, chosen?.name ?? text);
  };

  return (
    <form onSubmit={onSubmit} aria-label={t`Invite a co-host`} className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          label={t`Find a team by name`}
          type="search"
          autoComplete="off"
          placeholder={t`Part of its name`}
          className="min-w-0 flex-1 basis-48"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setInvited(null);
            change.reset();
          }}
        />
        <Button type="submit" disabled={!typed.trim() || change.isPending}>
          <Trans comment="invite a team to co-host the event">Invite</Trans>
        </Button>
      </div>
      {searching && found.isPending && <Spinner label={t`Searching teams…`} />}
      {searching && found.error && <FormError message={errorMessage(found.error)} />}
      {searching && found.data && teams.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>No team&apos;s name contains “{search}”.</Trans>
        </p>
      )}
      {teams.length > 0 && (
        <ul aria-label={t`Teams found`} className="flex flex-col divide-y divide-slate-200 rounded-md border border-slate-200 text-sm dark:divide-slate-700 dark:border-slate-700">
          {teams.map((team) => {
            const name = team.name;
            return (
              <li key={team.slug} className="flex flex-wrap items-center justify-between gap-2 px-3 py-1.5">
                <span className="min-w-0 break-words">
                  <span className="font-medium">{name}</span>{' '}
                  <span className="text-xs text-slate-500 dark:text-slate-400">
                    <Plural value={team.member_count} one="# member" other="# members" />
                  </span>
                </span>
                {taken.has(team.slug) ? (
                  <span className="text-xs text-slate-500 dark:text-slate-400">{taken.get(team.slug)}</span>
                ) : (
                  <Button type="button" variant="secondary" aria-label={t`Invite ${name}`} disabled={change.isPending} onClick={() => invite(team.slug, name)}>
                    <Trans comment="invite a team to co-host the event">Invite</Trans>
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {found.data && teams.length > 0 && found.data.count > teams.length && (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          <Trans>More teams match: type more of the name.</Trans>
        </p>
      )}
      <p role="status" className="text-sm">
        {invited && t`${invited} is invited: its leaders accept on their team's page.`}
      </p>
      <FormError message={change.error ? refusal(change.error) : null} />
    </form>
  );
};
