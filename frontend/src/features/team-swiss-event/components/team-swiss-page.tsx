import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import { QueryBoundary } from '@/components/ui/query-boundary';
import { TeamSwissRegisterForm } from '@/components/team-swiss/team-swiss-register-form';
import { TeamSwissCaptain } from '@/features/team-swiss-event/components/team-swiss-captain';
import { TeamSwissHeader } from '@/features/team-swiss-event/components/team-swiss-header';
import { TeamSwissRound } from '@/features/team-swiss-event/components/team-swiss-round';
import { TeamSwissBoardScores, TeamSwissCrosstable, TeamSwissStandings } from '@/features/team-swiss-event/components/team-swiss-tables';
import { TeamSwissTeams } from '@/features/team-swiss-event/components/team-swiss-teams';
import { useTeamSwissEvent } from '@/lib/team-swiss/get-team-swiss';
import { useTeamSwissLive, type LiveStatus } from '@/lib/team-swiss/use-team-swiss-live';

const LABELS: Record<LiveStatus, MessageDescriptor> = {
  connecting: msg({ message: 'Connecting…', comment: 'the live connection of an event page' }),
  open: msg({ message: 'Live', comment: 'the event page is kept up to date as it happens' }),
  reconnecting: msg({ message: 'Reconnecting…', comment: 'the live connection of an event page' }),
};

type TeamSwissPageProps = {
  eventId: number;
  username: string | null;
  /** The host team's leaders' arbiter panel, from another feature (the app composes it, for
   * an event whose `viewer_is_leader`): shown under the captain's box. */
  arbiter?: ReactNode;
};

/** The team Swiss event page: header, the captain's box (or "Register your team" before round 1), the arbiter panel, matches and tables, kept live. */
export const TeamSwissPage = ({ eventId, username, arbiter }: TeamSwissPageProps) => {
  const { t } = useLingui();
  const register = t`Register your team`;
  const live = useTeamSwissLive(eventId, username);
  const event = useTeamSwissEvent(eventId);
  return (
    <div className="flex min-w-0 flex-col gap-6">
      {event.data?.status !== 'finished' && (
        <div role="status" className="flex items-center justify-end gap-1.5 text-xs text-slate-500 dark:text-slate-400">
          <span aria-hidden="true" className={`size-2 rounded-full ${live === 'open' ? 'bg-emerald-500' : 'bg-amber-500'}`} />
          {t(LABELS[live])}
        </div>
      )}
      <QueryBoundary query={event} loadingLabel={t`Loading the event…`}>
        {(data) => (
          <>
            <TeamSwissHeader event={data} />
            <TeamSwissCaptain event={data} />
            {username !== null && !data.viewer_is_leader && data.viewer_captain_of === null && data.status === 'created' && (
              <section aria-label={register} className="min-w-0 rounded-lg border border-slate-300 p-3 sm:p-4 dark:border-slate-600">
                <TeamSwissRegisterForm event={data} title={register} withCaptain={false} />
              </section>
            )}
            {data.viewer_is_leader && arbiter}
            <div className="grid min-w-0 gap-6 lg:grid-cols-2">
              <TeamSwissRound event={data} username={username} />
              <TeamSwissStandings event={data} />
            </div>
            <TeamSwissCrosstable event={data} />
            <TeamSwissBoardScores event={data} />
            <TeamSwissTeams event={data} username={username} />
          </>
        )}
      </QueryBoundary>
    </div>
  );
};
