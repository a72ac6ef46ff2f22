import { Link, useLocation, useNavigate } from 'react-router';

import { RegisterForm } from '@/features/auth/components/register-form';
import { useAuthPath } from '@/hooks/use-auth-path';
import { usePageTitle } from '@/hooks/use-page-title';
import { safeNextPath } from '@/lib/next-path';

export const RegisterRoute = () => {
  usePageTitle('Register');
  const navigate = useNavigate();
  const { search } = useLocation();
  const loginPath = useAuthPath('/login');
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Create an account</h1>
      <RegisterForm onSuccess={() => void navigate(safeNextPath(search), { replace: true })} />
      <p className="text-sm">
        Already registered?{' '}
        <Link to={loginPath} className="underline">
          Sign in instead
        </Link>
      </p>
    </div>
  );
};
