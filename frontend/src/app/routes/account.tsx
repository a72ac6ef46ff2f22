import { useLingui } from '@lingui/react/macro';
import { Redirect } from 'wouter';

import { Spinner } from '@/components/ui/spinner';
import { ApiTokens } from '@/features/account/components/api-tokens';
import { LanguageSetting } from '@/features/account/components/language-setting';
import { GameSettings } from '@/features/auth/components/game-settings';
import { TeamSwissInvitations } from '@/features/team-swiss/components/team-swiss-invitations';
import { useMe } from '@/lib/auth';
import { useAuthPath } from '@/hooks/use-auth-path';
import { usePageTitle } from '@/hooks/use-page-title';

export const AccountRoute = () => {
  const { t } = useLingui();
  usePageTitle(t`Account`);
  const me = useMe();
  const loginPath = useAuthPath();
  if (me.isPending) return <Spinner />;
  if (!me.data) return <Redirect to={loginPath} replace />;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{me.data.username}</h1>
      <LanguageSetting />
      <GameSettings user={me.data} />
      <TeamSwissInvitations />
      <ApiTokens />
    </div>
  );
};
