import { useLingui } from '@lingui/react/macro';
import { useParams } from 'wouter';

import { NotFoundRoute } from '@/app/routes/not-found';
import { TeamSwissLineupForm } from '@/features/team-swiss-event/components/team-swiss-lineup-form';
import { usePageTitle } from '@/hooks/use-page-title';

export const TeamSwissLineupRoute = () => {
  const { id = '', tpn = '' } = useParams();
  const { t } = useLingui();
  usePageTitle(t({ message: 'Line-up', comment: "a team's players for one round, page title" }));
  if (!/^\d+$/.test(id) || !/^\d+$/.test(tpn)) return <NotFoundRoute />;
  return <TeamSwissLineupForm eventId={Number(id)} tpn={Number(tpn)} />;
};
