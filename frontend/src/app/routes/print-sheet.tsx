import { Link, useParams } from 'react-router';

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

export const PrintSheetRoute = () => {
  const { id = '', sheet = '' } = useParams();
  if (!/^\d+$/.test(id) || !SHEETS.includes(sheet as Sheet)) return <NotFoundRoute />;
  return <PrintSheet tournamentId={Number(id)} sheet={sheet as Sheet} />;
};

const PrintSheet = ({ tournamentId, sheet }: { tournamentId: number; sheet: Sheet }) => {
  const tournament = useTournament(tournamentId);
  usePageTitle(tournament.data ? `${tournament.data.name} — ${sheet}` : sheet);
  return (
    <div className="flex flex-col gap-3">
      <div className="print-hidden flex gap-2">
        <Button onClick={() => window.print()}>Print</Button>
        <Link to={`/swiss/${tournamentId}`} className="px-3 py-1.5 text-sm underline">
          Back to the event
        </Link>
      </div>
      <QueryBoundary query={tournament} loadingLabel="Loading the event…">
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
