import { Trans } from '@lingui/react/macro';
import { useParams } from 'wouter';

import type { ReportEventKind } from '@/features/rating-report/api/report-target';
import { RatingReportPage } from '@/features/rating-report/components/rating-report-page';

/**
 * /swiss/:id/rating-report and /team-swiss/:id/rating-report: what FIDE's rating officer would send
 * back, for the event's leaders. `kind` says which of the two events the id is. One module for
 * both routes: they share one chunk.
 */
export const RatingReportRoute = ({ kind = 'swiss' }: { kind?: ReportEventKind }) => {
  const { id = '' } = useParams();
  if (!/^\d+$/.test(id)) return (
      <p className="text-sm">
        <Trans>No such event.</Trans>
      </p>
    );
  return <RatingReportPage target={{ kind, id: Number(id) }} />;
};

/** /team-swiss/:id/rating-report. */
export const TeamRatingReportRoute = () => <RatingReportRoute kind="team-swiss" />;
