import { Link, useNavigate } from 'react-router';

import { RegisterForm } from '@/features/auth/components/register-form';
import { usePageTitle } from '@/hooks/use-page-title';

export const RegisterRoute = () => {
  usePageTitle('Register');
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Create an account</h1>
      <RegisterForm onSuccess={() => void navigate('/')} />
      <p className="text-sm">
        Already registered?{' '}
        <Link to="/login" className="underline">
          Sign in instead
        </Link>
      </p>
    </div>
  );
};
