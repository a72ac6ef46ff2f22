import { useRegister } from '@/features/auth/api/register';
import { CredentialsForm } from '@/features/auth/components/credentials-form';

export const RegisterForm = ({ onSuccess }: { onSuccess: () => void }) => {
  const register = useRegister();
  return <CredentialsForm mode="register" onSubmit={register.mutateAsync} onSuccess={onSuccess} />;
};
