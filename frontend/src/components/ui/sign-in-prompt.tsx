import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Spinner } from '@/components/ui/spinner';
import { useAuthPath } from '@/hooks/use-auth-path';
import { useMe } from '@/lib/auth';

/** "Log in to <action>." for a visitor, with the link to the login page. */
export const SignInPrompt = ({ action }: { action: string }) => {
  const loginPath = useAuthPath();
  return (
  <p className="text-sm">
    <Link to={loginPath} className="underline">
      Log in
    </Link>{' '}
    to {action}.
  </p>
);
};

/** A leader's tool: shown to a signed-in user (the server then says whether they may use it);
 * a visitor is asked to log in to `action`. */
export const SignedInOnly = ({ action, children }: { action: string; children: ReactNode }) => {
  const me = useMe();
  if (me.isPending) return <Spinner label="Checking your role…" />;
  return me.data ? children : <SignInPrompt action={action} />;
};
