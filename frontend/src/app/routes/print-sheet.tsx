import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'wouter';

import { NotFoundRoute } from '@/app/routes/not-found';
import { Button } from '@/components/ui/button';
import { QueryBoundary } from '@/components/ui/query-boundary';
import { useTournament } from '@/lib/swiss/get-tournament';
import { CrosstableSheet } from '@/features/swiss-arbiter/components/sheets/crosstable-sheet';
import { PrizesSheet } from '@/features/swiss-arbiter/components/sheets/prizes-sheet';
import { PairingsSheet } from '@/features/swiss-arbiter/components/sheets/pairings-sheet';
import { StandingsSheet } from '@/features/swiss-arbiter/components/sheets/standings-sheet';
import { usePageTitle } from '@/hooks/use-page-title';

const SHEETS = ['pairings', 'standings', 'crosstable', 'prizes'] as const;
type Sheet = (typeof SHEETS)[number];

/** Each sheet's name in the tab's title (lower case: it follows the event's name). */
const SHEET_TITLES = {
  pairings: msg({ message: 'pairings', comment: 'a printed sheet, in the tab title after the event name' }),
  standings: msg({ message: 'standings', comment: 'a printed sheet, in the tab title after the event name' }),
  crosstable: msg({ message: 'crosstable', comment: 'a printed sheet, in the tab title after the event name' }),
  prizes: msg({ message: 'prizes', comment: 'a printed sheet, in the tab title after the event name' }),
} satisfies Record<Sheet, unknown>;

export const PrintSheetRoute = () => {
  const { id = '', sheet = '' } = useParams();
  if (!/^\d+$/.test(id) || !SHEETS.includes(sheet as Sheet)) return <NotFoundRoute />;
  return <PrintSheet tournamentId={Number(id)} sheet={sheet as Sheet} />;
};

const PrintSheet = ({ tournamentId, sheet }: { tournamentId: number; sheet: Sheet }) => {
  const { t } = useLingui();
  const tournament = useTournament(tournamentId);
  const name = tournament.data?.name;
  const sheetName = t(SHEET_TITLES[sheet]);
  usePageTitle(name === undefined ? sheetName : t({ message: `${name} — ${sheetName}`, comment: 'tab title: event name — printed sheet' }));
  return (
    <div className="flex flex-col gap-3">
      <div className="print-hidden flex gap-2">
        <Button onClick={() => window.print()}>
          <Trans>Print</Trans>
        </Button>
        <Link to={`/swiss/${tournamentId}`} className="px-3 py-1.5 text-sm underline">
          <Trans>Back to the event</Trans>
        </Link>
      </div>
      <QueryBoundary query={tournament} loadingLabel={t`Loading the event…`}>
        {(event) =>
          sheet === 'pairings' ? (
            <PairingsSheet tournament={event} eventUrl={`${window.location.origin}/swiss/${event.id}`} />
          ) : sheet === 'standings' ? (
            <StandingsSheet tournament={event} />
          ) : sheet === 'prizes' ? (
            <PrizesSheet tournament={event} />
          ) : (
            <CrosstableSheet tournament={event} />
          )
        }
      </QueryBoundary>
    </div>
  );
};
