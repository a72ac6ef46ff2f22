import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';

import { Button } from '@/components/ui/button';
import { useMe } from '@/lib/auth';
import { useLogout } from '@/features/auth/api/logout';
import { useAuthPath } from '@/hooks/use-auth-path';

const linkClass = 'rounded px-2 py-1 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800';

/** The header's account corner: who is signed in, or the ways to sign in. */
export const UserNav = () => {
  const me = useMe();
  const logout = useLogout();
  const loginPath = useAuthPath('/login');
  const registerPath = useAuthPath('/register');
  if (me.isPending) return <span className="text-sm text-slate-500">…</span>;
  if (!me.data)
    return (
      <div className="flex items-center gap-1">
        <Link to={loginPath} className={linkClass}>
          <Trans>Log in</Trans>
        </Link>
        <Link to={registerPath} className={linkClass}>
          <Trans>Register</Trans>
        </Link>
      </div>
    );
  return (
    <div className="flex items-center gap-2">
      <Link to="/account" className={linkClass}>
        {me.data.username}
      </Link>
      <Button variant="secondary" onClick={() => logout.mutate()} disabled={logout.isPending}>
        <Trans>Log out</Trans>
      </Button>
    </div>
  );
};
