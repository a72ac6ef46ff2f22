import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useSearch } from 'wouter';

import { RegisterForm } from '@/features/auth/components/register-form';
import { useAuthPath } from '@/hooks/use-auth-path';
import { usePageTitle } from '@/hooks/use-page-title';
import { safeNextPath } from '@/lib/next-path';

export const RegisterRoute = () => {
  const { t } = useLingui();
  usePageTitle(t`Register`);
  const [, navigate] = useLocation();
  const search = useSearch();
  const loginPath = useAuthPath('/login');
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">
        <Trans>Create an account</Trans>
      </h1>
      <RegisterForm onSuccess={() => navigate(safeNextPath(search), { replace: true })} />
      <p className="text-sm">
        <Trans>
          Already registered?{' '}
          <Link to={loginPath} className="underline">
            Sign in instead
          </Link>
        </Trans>
      </p>
    </div>
  );
};
