import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useSearch } from 'wouter';

import { LoginForm } from '@/features/auth/components/login-form';
import { useAuthPath } from '@/hooks/use-auth-path';
import { usePageTitle } from '@/hooks/use-page-title';
import { safeNextPath } from '@/lib/next-path';

export const LoginRoute = () => {
  const { t } = useLingui();
  usePageTitle(t`Log in`);
  const [, navigate] = useLocation();
  const search = useSearch();
  const registerPath = useAuthPath('/register');
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">
        <Trans>Log in</Trans>
      </h1>
      <LoginForm onSuccess={() => navigate(safeNextPath(search), { replace: true })} />
      <p className="text-sm">
        <Trans>
          New here?{' '}
          <Link to={registerPath} className="underline">
            Create an account
          </Link>
        </Trans>
      </p>
    </div>
  );
};
