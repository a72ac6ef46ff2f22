import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { SelectField } from '@/components/ui/select-field';
import { useCohostChange } from '@/lib/swiss/cohosts';
import { CohostInvite } from '@/features/swiss-arbiter/components/cohost-invite';
import { PlayerSelect } from '@/features/swiss-arbiter/components/player-select';
import type { Standing, Tournament } from '@/lib/swiss/types';
import { errorMessage } from '@/lib/api-error';

/** The host's leaders invite teams to co-host (found by name), remove them, and set the team a player plays for. */
export const CohostPanel = ({ tournament, rows }: { tournament: Tournament; rows: Standing[] }) => {
  const { t } = useLingui();
  const change = useCohostChange(tournament.id);
  const host = tournament.team_name;
  const [player, setPlayer] = useState('');
  const [team, setTeam] = useState('');
  const teams = [
    { team: tournament.team, team_name: tournament.team_name },
    ...tournament.cohosts.filter((cohost) => cohost.status === 'accepted'),
  ];
  return (
    <section aria-labelledby="cohosts" className="flex flex-col gap-2">
      <h3 id="cohosts" className="font-semibold">
        <Trans>Co-hosting teams</Trans>
      </h3>
      <ul className="flex flex-col gap-1 text-sm">
        {tournament.cohosts.map((cohost) => {
          const name = cohost.team_name;
          return (
            <li key={cohost.team} className="flex flex-wrap items-center gap-2 break-words">
              {name}{' '}
              <span className="text-xs text-slate-500">
                {cohost.status === 'accepted'
                  ? t({ message: '(co-hosts)', comment: 'a team that accepted to co-host the event' })
                  : t({ message: '(invited)', comment: 'a team invited to co-host the event, not answered yet' })}
              </span>
              <Button variant="secondary" aria-label={t`Remove ${name}`} onClick={() => change.mutate({ remove: cohost.team })}>
                <Trans>Remove</Trans>
              </Button>
            </li>
          );
        })}
        {tournament.cohosts.length === 0 && (
          <li className="text-slate-500">
            <Trans>Only {host} hosts this event.</Trans>
          </li>
        )}
      </ul>
      <CohostInvite tournament={tournament} />
      {teams.length > 1 && (
        <div className="flex flex-wrap items-end gap-2">
          <PlayerSelect label={t`Player`} value={player} rows={rows} onChange={setPlayer} />
          <SelectField label={t`Plays for`} value={team} onChange={(event) => setTeam(event.target.value)}>
            <option value="">{t`Choose…`}</option>
            {teams.map((option) => (
              <option key={option.team} value={option.team}>
                {option.team_name}
              </option>
            ))}
          </SelectField>
          <Button disabled={!player || !team || change.isPending} onClick={() => change.mutate({ player, team })}>
            <Trans>Set team</Trans>
          </Button>
        </div>
      )}
      <FormError message={change.error ? errorMessage(change.error) : null} />
    </section>
  );
};
