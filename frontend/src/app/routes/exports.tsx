import { useParams } from 'react-router';

import { ExportsPage } from '@/features/exports/components/exports-page';

/** /swiss/:id/exports: the national federations' rating reports, for the event's leaders. */
export const ExportsRoute = () => {
  const { id = '' } = useParams();
  if (!/^\d+$/.test(id)) return <p className="text-sm">No such event.</p>;
  return <ExportsPage tournamentId={Number(id)} />;
};
