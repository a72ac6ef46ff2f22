import { useNavigate } from 'react-router';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { useCreateTeam } from '@/features/teams/api/team-admin';
import { useApiForm } from '@/lib/use-api-form';

const schema = z.object({
  name: z.string().trim().min(1, 'Give the team a name.').max(100, 'At most 100 characters.'),
  description: z.string().max(2000, 'At most 2000 characters.'),
  join_policy: z.enum(['open', 'request']),
});

type TeamValues = z.infer<typeof schema>;

/** Creates a team (its creator becomes its first leader) and opens its page. */
export const TeamCreateForm = () => {
  const navigate = useNavigate();
  const create = useCreateTeam();
  const { form, formError, submit } = useApiForm<TeamValues>({
    schema,
    defaultValues: { name: '', description: '', join_policy: 'request' },
    fields: ['name', 'description', 'join_policy'],
    send: async (values) => {
      const team = await create.mutateAsync(values);
      await navigate(`/teams/${team.slug}`);
    },
  });
  const { register, formState } = form;
  return (
    <form onSubmit={submit} noValidate aria-label="Create a team" className="flex max-w-md flex-col gap-3">
      <TextField label="Team name" error={formState.errors.name?.message} {...register('name')} />
      <TextField label="Team description" error={formState.errors.description?.message} {...register('description')} />
      <SelectField label="Who may join" {...register('join_policy')}>
        <option value="request">By request (a leader approves)</option>
        <option value="open">Anyone</option>
      </SelectField>
      <FormError message={formError} />
      <Button type="submit" className="self-start" disabled={formState.isSubmitting}>
        Create team
      </Button>
    </form>
  );
};
