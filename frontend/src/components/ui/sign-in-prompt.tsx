import { Link } from 'react-router';

import { useAuthPath } from '@/hooks/use-auth-path';

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
