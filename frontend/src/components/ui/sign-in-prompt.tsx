import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

import { Spinner } from '@/components/ui/spinner';
import { useAuthPath } from '@/hooks/use-auth-path';
import { useMe } from '@/lib/auth';

/** "Log in to <action>." for a visitor, with the link to the login page. `action` is a
 * translated verb phrase completing the sentence ("join this event"). */
export const SignInPrompt = ({ action }: { action: string }) => {
  const loginPath = useAuthPath();
  return (
    <p className="text-sm">
      <Trans comment="action: what the visitor wants to do, e.g. 'join this event' (translated on its own)">
        <Link to={loginPath} className="underline">
          Log in
        </Link>{' '}
        to {action}.
      </Trans>
    </p>
  );
};

/** A leader's tool: shown to a signed-in user (the server then says whether they may use it);
 * a visitor is asked to log in to `action`. */
export const SignedInOnly = ({ action, children }: { action: string; children: ReactNode }) => {
  const { t } = useLingui();
  const me = useMe();
  if (me.isPending) return <Spinner label={t`Checking your role…`} />;
  return me.data ? children : <SignInPrompt action={action} />;
};
