import { Link, useNavigate } from 'react-router';

import { LoginForm } from '@/features/auth/components/login-form';
import { usePageTitle } from '@/hooks/use-page-title';

export const LoginRoute = () => {
  usePageTitle('Log in');
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Log in</h1>
      <LoginForm onSuccess={() => void navigate('/')} />
      <p className="text-sm">
        New here?{' '}
        <Link to="/register" className="underline">
          Create an account
        </Link>
      </p>
    </div>
  );
};
