import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';

import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { useCreateTeam } from '@/features/teams/api/team-admin';
import { teamSchema, type TeamValues } from '@/features/teams/types/team-schema';
import { useApiForm } from '@/lib/use-api-form';

/** Creates a team (its creator becomes its first leader) and opens its page. */
export const TeamCreateForm = () => {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const create = useCreateTeam();
  const { form, formError, submit } = useApiForm<TeamValues>({
    schema: teamSchema,
    defaultValues: { name: '', description: '', join_policy: 'request' },
    fields: ['name', 'description', 'join_policy'],
    send: async (values) => {
      const team = await create.mutateAsync(values);
      navigate(`/teams/${team.slug}`);
    },
  });
  const { register, formState } = form;
  return (
    <form onSubmit={submit} noValidate aria-label={t`Create a team`} className="flex max-w-md flex-col gap-3">
      <TextField label={t`Team name`} error={formState.errors.name?.message} {...register('name')} />
      <TextField label={t`Team description`} error={formState.errors.description?.message} {...register('description')} />
      <SelectField label={t`Who may join`} {...register('join_policy')}>
        <option value="request">{t`By request (a leader approves)`}</option>
        <option value="open">{t({ message: 'Anyone', comment: 'Who may join a team.' })}</option>
      </SelectField>
      <FormError message={formError} />
      <Button type="submit" className="self-start" disabled={formState.isSubmitting}>
        <Trans>Create team</Trans>
      </Button>
    </form>
  );
};
