import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';

import { useAllStandings } from '@/features/swiss-arbiter/api/get-all-standings';
import { useRound } from '@/lib/swiss/get-rounds';
import { useTournament } from '@/lib/swiss/get-tournament';
import { ArbiterCalls } from '@/features/swiss-arbiter/components/arbiter-calls';
import { AuditLog } from '@/features/swiss-arbiter/components/audit-log';
import { CohostPanel } from '@/features/swiss-arbiter/components/cohost-panel';
import { DisputeQueue } from '@/features/swiss-arbiter/components/dispute-queue';
import { EventAdminLinks } from '@/features/swiss-arbiter/components/event-admin-links';
import { ForbiddenPairs } from '@/features/swiss-arbiter/components/forbidden-pairs';
import { PrizeTableEditor } from '@/features/swiss-arbiter/components/prize-table-editor';
import { PlayerRoster } from '@/features/swiss-arbiter/components/player-roster';
import { RegisteredEntryLinks } from '@/features/swiss-arbiter/components/registered-entry-links';
import { ManualPairingEditor } from '@/features/swiss-arbiter/components/manual-pairing-editor';
import { ResultEditor } from '@/features/swiss-arbiter/components/result-editor';
import { RoundControls } from '@/features/swiss-arbiter/components/round-controls';
import { useLeaderNotifications } from '@/features/swiss-arbiter/hooks/use-leader-notifications';
import type { Pairing } from '@/lib/swiss/types';

const NO_BOARDS: Pairing[] = [];

/** Everything the hosting team's leaders do during an event, on the event page; `children`: the
 * tools of other features (a round's PGN upload), placed after the round's results. */
export const ArbiterPanel = ({ tournamentId, children }: { tournamentId: number; children?: ReactNode }) => {
  const { t } = useLingui();
  const [paired, setPaired] = useState<string | null>(null);
  const tournament = useTournament(tournamentId).data;
  const round = useRound(tournamentId, tournament?.current_round || null);
  const standings = useAllStandings(tournamentId, tournament?.standings_version ?? 0);
  const boards = round.data?.pairings ?? NO_BOARDS;
  const { notices, dismiss } = useLeaderNotifications(tournamentId, boards);
  if (!tournament) return null;
  const rows = standings.data ?? [];
  const current = tournament.current_round;
  const open = tournament.status === 'scheduled' || tournament.status === 'running';
  return (
    <section aria-label={t({ message: 'Arbiter', comment: 'the arbiter panel of an event' })} className="flex min-w-0 flex-col gap-4 rounded-lg border-2 border-emerald-600 p-3 sm:p-4">
      <h2 className="text-lg font-semibold">
        <Trans comment="the arbiter panel of an event">Arbiter</Trans>
      </h2>
      <ul aria-label={t`Notifications`} aria-live="polite" className="flex flex-col gap-1">
        {notices.map((notice) => (
          <li key={notice.key} className="flex flex-wrap items-center gap-2 rounded bg-amber-100 px-2 py-1 text-sm break-words dark:bg-amber-900">
            <a href={notice.href} className="underline">
              {notice.text}
            </a>
            <button type="button" className="ms-auto text-xs" onClick={() => dismiss(notice.key)}>
              <Trans>Dismiss</Trans>
            </button>
          </li>
        ))}
      </ul>
      {paired && <p role="status">{paired}</p>}
      <EventAdminLinks tournament={tournament} />
      {tournament.mode === 'online' && tournament.status === 'running' && <ArbiterCalls event={{ kind: 'swiss', id: tournamentId }} />}
      {open && <RoundControls tournament={tournament} boards={tournament.current_round === 0 || round.data ? boards : null} />}
      {boards.length > 0 && (
        <>
          <DisputeQueue tournamentId={tournamentId} round={tournament.current_round} boards={boards} rows={rows} />
          <section aria-labelledby="result-editor" className="flex flex-col gap-2">
            <h3 id="result-editor" className="font-semibold">
              <Trans>Results of round {current}</Trans>
            </h3>
            <ResultEditor tournamentId={tournamentId} round={tournament.current_round} boards={boards} rows={rows} />
          </section>
        </>
      )}
      {children}
      {(open || tournament.status === 'finished') && (
        <PlayerRoster
          tournamentId={tournamentId}
          rows={rows}
          started={tournament.status !== 'scheduled'}
          finished={tournament.status === 'finished'}
          checkIn={open && tournament.checkin_minutes != null && tournament.current_round === 0}
        />
      )}
      {open && tournament.mode === 'otb' && <RegisteredEntryLinks tournamentId={tournamentId} />}
      {open && <CohostPanel tournament={tournament} rows={rows} />}
      {open && <ForbiddenPairs tournamentId={tournamentId} rows={rows} />}
      {open && standings.data && (
        <ManualPairingEditor
          tournamentId={tournamentId}
          round={tournament.current_round}
          boards={tournament.current_round === 0 ? NO_BOARDS : (round.data?.pairings ?? null)}
          // A re-paired round has new boards, hence a first board id of its own.
          version={`${tournament.current_round}-${rows.filter((row) => row.status === 'active').length}-${boards.filter((board) => !board.result).length}-${boards[0]?.id ?? 0}`}
          onPaired={setPaired}
        />
      )}
      {tournament.status !== 'cancelled' && <PrizeTableEditor tournamentId={tournamentId} />}
      <AuditLog event={{ kind: 'swiss', id: tournamentId }} />
    </section>
  );
};
