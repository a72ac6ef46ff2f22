import { Navigate } from 'react-router';

import { Spinner } from '@/components/ui/spinner';
import { ApiTokens } from '@/features/account/components/api-tokens';
import { GameSettings } from '@/features/auth/components/game-settings';
import { TeamSwissInvitations } from '@/features/team-swiss/components/team-swiss-invitations';
import { useMe } from '@/lib/auth';
import { useAuthPath } from '@/hooks/use-auth-path';
import { usePageTitle } from '@/hooks/use-page-title';

export const AccountRoute = () => {
  usePageTitle('Account');
  const me = useMe();
  const loginPath = useAuthPath();
  if (me.isPending) return <Spinner />;
  if (!me.data) return <Navigate to={loginPath} replace />;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{me.data.username}</h1>
      <GameSettings user={me.data} />
      <TeamSwissInvitations />
      <ApiTokens />
    </div>
  );
};
