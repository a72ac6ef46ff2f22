import { Trans, useLingui } from '@lingui/react/macro';

import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { FormError } from '@/components/ui/form-error';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useMyTeamSlugs } from '@/lib/swiss/cohosts';
import { useJoinTournament } from '@/lib/swiss/entry-actions';
import { joinSchema, type JoinInput } from '@/features/swiss-event/types/join-schema';
import { useApiForm } from '@/lib/use-api-form';

type Team = { team: string; team_name: string };

type SwissJoinFormProps = {
  tournamentId: number;
  hasPassword: boolean;
  /** A co-hosted event's teams (the host first): the player picks the one they play for. */
  teams?: Team[];
};

/**
 * Join, with the event's password when it has one; a wrong password shows under the field. In a
 * co-hosted event the player plays for one of the event's teams they belong to (the server
 * refuses any other): only those are offered, the host first; one of them is named, not asked.
 */
export const SwissJoinForm = ({ tournamentId, hasPassword, teams = [] }: SwissJoinFormProps) => {
  const { t } = useLingui();
  const cohosted = teams.length > 1;
  const mine = useMyTeamSlugs(cohosted);
  if (cohosted && mine.isPending) return <Spinner label={t`Checking your teams…`} />;
  // Unknown (the read failed): every team of the event, and the server's word on the choice.
  const found = cohosted && mine.data ? teams.filter((team) => mine.data.includes(team.team)) : teams;
  const playable = found.length ? found : teams;
  // The host when the player belongs to it (the server's own default), the only team they may
  // play for, or nothing: a member of two co-hosts chooses.
  const host = teams[0]?.team;
  const chosen = playable.length === 1 || playable[0]?.team === host ? (playable[0]?.team ?? '') : '';
  return (
    <JoinForm tournamentId={tournamentId} hasPassword={hasPassword} teams={playable} cohosted={cohosted} initialTeam={cohosted ? chosen : ''} />
  );
};

type JoinFormProps = Required<SwissJoinFormProps> & { cohosted: boolean; initialTeam: string };

const JoinForm = ({ tournamentId, hasPassword, teams, cohosted, initialTeam }: JoinFormProps) => {
  const { t } = useLingui();
  const join = useJoinTournament(tournamentId);
  const choose = cohosted && teams.length > 1;
  const { form, formError, submit } = useApiForm<JoinInput>({
    schema: joinSchema,
    defaultValues: { password: '', team: initialTeam },
    fields: [...(hasPassword ? (['password'] as const) : []), ...(cohosted ? (['team'] as const) : [])],
    send: ({ password, team }) => join.mutateAsync({ password, team: team || undefined }),
  });
  const { errors, isSubmitting } = form.formState;
  // The one team the player may play for, named rather than asked.
  const teamName = cohosted && !choose ? teams[0]?.team_name : undefined;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      {hasPassword && (
        <TextField label={t`Password`} type="password" autoComplete="off" error={errors.password?.message} {...form.register('password')} />
      )}
      {choose && (
        <SelectField label={t({ message: 'Playing for', comment: 'the team a player plays for in a co-hosted event' })} {...form.register('team')}>
          <option value="">{t`Choose your team…`}</option>
          {teams.map((option) => (
            <option key={option.team} value={option.team}>
              {option.team_name}
            </option>
          ))}
        </SelectField>
      )}
      {teamName !== undefined && (
        <p className="text-sm">
          <Trans>You play for {teamName}.</Trans>
        </p>
      )}
      {errors.team && <p className="text-sm text-red-700 dark:text-red-400">{errors.team.message}</p>}
      <FormError message={formError} />
      <Button type="submit" disabled={isSubmitting} className="self-start">
        <Trans comment="button: enter the event">Join</Trans>
      </Button>
    </form>
  );
};
