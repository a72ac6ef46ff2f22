import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { useJoinTournament } from '@/features/tournaments/api/entry-actions';
import { joinSchema, type JoinInput } from '@/features/tournaments/types/join-schema';
import { useApiForm } from '@/lib/use-api-form';

type SwissJoinFormProps = { tournamentId: number; hasPassword: boolean };

/** Join, with the event's password when it has one; a wrong password shows under the field. */
export const SwissJoinForm = ({ tournamentId, hasPassword }: SwissJoinFormProps) => {
  const join = useJoinTournament(tournamentId);
  const { form, formError, submit } = useApiForm<JoinInput>({
    schema: joinSchema,
    defaultValues: { password: '' },
    fields: hasPassword ? ['password'] : [],
    send: ({ password }) => join.mutateAsync(password),
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      {hasPassword && (
        <TextField label="Password" type="password" autoComplete="off" error={errors.password?.message} {...form.register('password')} />
      )}
      <FormError message={formError} />
      <Button type="submit" disabled={isSubmitting} className="self-start">
        Join
      </Button>
    </form>
  );
};
