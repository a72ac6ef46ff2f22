import { useLogin } from '@/features/auth/api/login';
import { CredentialsForm } from '@/features/auth/components/credentials-form';

export const LoginForm = ({ onSuccess }: { onSuccess: () => void }) => {
  const login = useLogin();
  return <CredentialsForm mode="login" onSubmit={login.mutateAsync} onSuccess={onSuccess} />;
};
