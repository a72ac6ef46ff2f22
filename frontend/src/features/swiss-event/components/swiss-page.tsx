import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import { QueryBoundary } from '@/components/ui/query-boundary';
import { useTournament } from '@/lib/swiss/get-tournament';
import { SwissEntryConditions } from '@/features/swiss-event/components/swiss-entry-conditions';
import { SwissHeader } from '@/features/swiss-event/components/swiss-header';
import { SwissLiveStatus } from '@/features/swiss-event/components/swiss-live-status';
import { SwissMyPanel } from '@/features/swiss-event/components/swiss-my-panel';
import { SwissPrizes } from '@/features/swiss-event/components/swiss-prizes';
import { SwissPodium } from '@/features/swiss-event/components/swiss-podium';
import { SwissRoundView } from '@/features/swiss-event/components/swiss-round-view';
import { SwissStandings } from '@/features/swiss-event/components/swiss-standings';
import { SwissTeamStandings } from '@/features/swiss-event/components/swiss-team-standings';
import { useSwissLive } from '@/features/swiss-event/hooks/use-swiss-live';

type SwissPageProps = {
  tournamentId: number;
  /** The viewer's name; null for a visitor, undefined while unknown. */
  username: string | null | undefined;
  isTeamMember: boolean | undefined;
  /** Whether the viewer leads the hosting team (sees hidden standings); undefined while unknown. */
  isLeader?: boolean | undefined;
  /** The arbiter's controls, for the hosting team's leaders. */
  arbiter?: ReactNode;
  /** Under the pairings: what other features show of the event (the broadcast feeds). */
  besidePairings?: ReactNode;
};

/** The event page: header, own panel, standings and pairings, all kept live by one socket. */
export const SwissPage = ({ tournamentId, username, isTeamMember, isLeader, arbiter, besidePairings }: SwissPageProps) => {
  const { t } = useLingui();
  const tournament = useTournament(tournamentId);
  // No socket before the event is known to exist: a missing event's would only be refused.
  const live = useSwissLive(tournamentId, username ?? null, tournament.data !== undefined);
  const over = tournament.data?.status === 'finished' || tournament.data?.status === 'cancelled';
  return (
    <div className="flex min-w-0 flex-col gap-6">
      {/* A finished event has nothing live left to show. */}
      {!over && (
        <div className="flex justify-end">
          <SwissLiveStatus status={live} />
        </div>
      )}
      <QueryBoundary query={tournament} loadingLabel={t`Loading the event…`}>
        {(event) => {
          // Hidden standings (docs/swiss.md): while the event runs, only the host's leaders read
          // every row; the others their own at most, and no team totals (unknown: hidden).
          const hidden = event.standings_hidden && event.status === 'running';
          const hiddenFromMe = hidden && isLeader !== true;
          const after = event.tiebreaks_after_round;
          const current = event.current_round;
          return (
            <>
              <SwissHeader tournament={event} />
              {event.status === 'finished' && <SwissPodium tournament={event} />}
              <SwissPrizes tournamentId={event.id} />
              <SwissMyPanel tournament={event} username={username} isTeamMember={isTeamMember} />
              {!over && <SwissEntryConditions tournament={event} username={username} />}
              {arbiter}
              <div className="grid min-w-0 gap-6 lg:grid-cols-[3fr_2fr]">
                <section aria-labelledby="standings-title" className="flex min-w-0 flex-col gap-2">
                  <h2 id="standings-title" className="text-lg font-semibold">
                    <Trans comment="heading: the ranking of the players">Standings</Trans>
                  </h2>
                  {event.tiebreaks_after_round > 0 && !hiddenFromMe && (
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      {after < current ? (
                        <Trans>Tie-breaks after round {after}; points include round {current} so far</Trans>
                      ) : (
                        <Trans>Tie-breaks after round {after}</Trans>
                      )}
                    </p>
                  )}
                  {hidden && isLeader && (
                    <p role="note" className="text-sm text-slate-600 dark:text-slate-300">
                      <Trans>The standings are hidden until the event ends: players see their own row only, you see every row as a leader.</Trans>
                    </p>
                  )}
                  <SwissStandings
                    tournamentId={event.id}
                    tiebreakOrder={event.tiebreak_order}
                    username={username ?? null}
                    teams={[{ team: event.team, team_name: event.team_name }, ...event.cohosts]}
                    showCheckIn={event.checkin_minutes != null && event.current_round === 0}
                    hidden={hiddenFromMe}
                  />
                  {event.cohosts.some((cohost) => cohost.status === 'accepted') && !hiddenFromMe && <SwissTeamStandings tournament={event} />}
                </section>
                <div className="flex min-w-0 flex-col gap-6">
                  <SwissRoundView
                    tournamentId={event.id}
                    currentRound={event.current_round}
                    username={username ?? null}
                    otb={event.mode === 'otb'}
                  />
                  {besidePairings}
                </div>
              </div>
            </>
          );
        }}
      </QueryBoundary>
    </div>
  );
};
