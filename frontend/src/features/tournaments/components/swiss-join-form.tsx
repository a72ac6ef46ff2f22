import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { useJoinTournament } from '@/features/tournaments/api/entry-actions';
import { joinSchema, type JoinInput } from '@/features/tournaments/types/join-schema';
import { useApiForm } from '@/lib/use-api-form';

type SwissJoinFormProps = {
  tournamentId: number;
  hasPassword: boolean;
  /** A co-hosted event's teams (the host first): the player picks the one they play for. */
  teams?: { team: string; team_name: string }[];
};

/** Join, with the event's password when it has one; a wrong password shows under the field. */
export const SwissJoinForm = ({ tournamentId, hasPassword, teams = [] }: SwissJoinFormProps) => {
  const join = useJoinTournament(tournamentId);
  const { form, formError, submit } = useApiForm<JoinInput>({
    schema: joinSchema,
    defaultValues: { password: '', team: '' },
    fields: [...(hasPassword ? (['password'] as const) : []), ...(teams.length > 1 ? (['team'] as const) : [])],
    send: ({ password, team }) => join.mutateAsync({ password, team: team || undefined }),
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      {hasPassword && (
        <TextField label="Password" type="password" autoComplete="off" error={errors.password?.message} {...form.register('password')} />
      )}
      {teams.length > 1 && (
        <SelectField label="Playing for" {...form.register('team')}>
          <option value="">My team (the host if I am a member)</option>
          {teams.map((option) => (
            <option key={option.team} value={option.team}>
              {option.team_name}
            </option>
          ))}
        </SelectField>
      )}
      {errors.team && <p className="text-sm text-red-700 dark:text-red-400">{errors.team.message}</p>}
      <FormError message={formError} />
      <Button type="submit" disabled={isSubmitting} className="self-start">
        Join
      </Button>
    </form>
  );
};
