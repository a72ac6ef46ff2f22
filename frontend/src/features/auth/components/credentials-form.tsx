import { Trans, useLingui } from '@lingui/react/macro';

import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { credentialsSchema, registrationSchema, type CredentialsInput } from '@/features/auth/types/credentials-schema';
import { useApiForm } from '@/lib/use-api-form';

type CredentialsFormProps = {
  mode: 'login' | 'register';
  onSubmit: (values: CredentialsInput) => Promise<unknown>;
  onSuccess: () => void;
};

/** Username and password, shared by the login and registration pages. */
export const CredentialsForm = ({ mode, onSubmit, onSuccess }: CredentialsFormProps) => {
  const { t } = useLingui();
  const { form, formError, submit } = useApiForm<CredentialsInput>({
    schema: mode === 'login' ? credentialsSchema : registrationSchema,
    defaultValues: { username: '', password: '' },
    fields: ['username', 'password'],
    send: async (values) => {
      await onSubmit(values);
      onSuccess();
    },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} noValidate className="flex w-full max-w-sm flex-col gap-4">
      <TextField label={t`Username`} autoComplete="username" error={errors.username?.message} {...form.register('username')} />
      <TextField
        label={t`Password`}
        type="password"
        autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <FormError message={formError} />
      <Button type="submit" disabled={isSubmitting}>
        {mode === 'login' ? <Trans>Log in</Trans> : <Trans>Register</Trans>}
      </Button>
    </form>
  );
};
