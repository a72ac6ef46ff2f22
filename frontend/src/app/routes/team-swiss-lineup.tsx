import { useParams } from 'react-router';

import { NotFoundRoute } from '@/app/routes/not-found';
import { TeamSwissLineupForm } from '@/features/team-swiss-event/components/team-swiss-lineup-form';
import { usePageTitle } from '@/hooks/use-page-title';

export const TeamSwissLineupRoute = () => {
  const { id = '', tpn = '' } = useParams();
  usePageTitle('Line-up');
  if (!/^\d+$/.test(id) || !/^\d+$/.test(tpn)) return <NotFoundRoute />;
  return <TeamSwissLineupForm eventId={Number(id)} tpn={Number(tpn)} />;
};
