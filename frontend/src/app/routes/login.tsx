import { Link, useLocation, useNavigate } from 'react-router';

import { LoginForm } from '@/features/auth/components/login-form';
import { useAuthPath } from '@/hooks/use-auth-path';
import { usePageTitle } from '@/hooks/use-page-title';
import { safeNextPath } from '@/lib/next-path';

export const LoginRoute = () => {
  usePageTitle('Log in');
  const navigate = useNavigate();
  const { search } = useLocation();
  const registerPath = useAuthPath('/register');
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Log in</h1>
      <LoginForm onSuccess={() => void navigate(safeNextPath(search), { replace: true })} />
      <p className="text-sm">
        New here?{' '}
        <Link to={registerPath} className="underline">
          Create an account
        </Link>
      </p>
    </div>
  );
};
