import { Trans } from '@lingui/react/macro';
import { useParams } from 'wouter';

import { ExportsPage } from '@/features/exports/components/exports-page';

/** /swiss/:id/exports: the national federations' rating reports, for the event's leaders. */
export const ExportsRoute = () => {
  const { id = '' } = useParams();
  if (!/^\d+$/.test(id)) return (
      <p className="text-sm">
        <Trans>No such event.</Trans>
      </p>
    );
  return <ExportsPage tournamentId={Number(id)} />;
};
