import { Link } from 'react-router';

/** "Log in to <action>." for a visitor, with the link to the login page. */
export const SignInPrompt = ({ action }: { action: string }) => (
  <p className="text-sm">
    <Link to="/login" className="underline">
      Log in
    </Link>{' '}
    to {action}.
  </p>
);
