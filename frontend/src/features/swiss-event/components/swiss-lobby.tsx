import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';

import { EmptyState } from '@/components/ui/empty-state';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';
import { useTeamLobby, useTournaments, type LobbyTeamEvent } from '@/features/swiss-event/api/get-tournaments';
import { isMine, SwissEventList, type ListedEvent } from '@/features/swiss-event/components/swiss-event-list';
import type { Tournament } from '@/lib/swiss/types';

type SwissLobbyProps = {
  /** Only the events this team hosts or co-hosts (the team page); otherwise every event. */
  club?: string;
  /** The viewer's teams: their events come first in each list. */
  myTeams?: readonly string[];
  /** The lobby lists the team Swiss events beside the individual ones (a team page lists its own apart). */
  withTeamEvents?: boolean;
};

const SECTIONS = [
  {
    status: 'running',
    title: msg({ message: 'Ongoing', comment: 'heading of the events being played' }),
    list: msg`Ongoing events`,
    loading: msg`Loading ongoing events…`,
    empty: msg`No event is being played right now.`,
  },
  {
    status: 'scheduled',
    title: msg({ message: 'Upcoming', comment: 'heading of the events not started yet' }),
    list: msg`Upcoming events`,
    loading: msg`Loading upcoming events…`,
    empty: msg`No event is scheduled.`,
  },
  {
    status: 'finished',
    title: msg({ message: 'Finished', context: 'heading', comment: 'heading of the events that are over' }),
    list: msg`Finished events`,
    loading: msg`Loading finished events…`,
    empty: msg`No event has finished yet.`,
  },
] as const;

/** When an event starts (or started): a team Swiss without a start time counts from its creation. */
const startOf = (listed: ListedEvent): number =>
  Date.parse(listed.kind === 'team' ? (listed.event.starts_at ?? listed.event.created_at) : listed.event.start_time);

/** Both kinds in one list, the viewer's teams first; then the soonest first among the upcoming
 * events, the latest start first among the others (as the server lists each kind). */
const merged = (events: Tournament[], teamEvents: LobbyTeamEvent[], myTeams: readonly string[], soonestFirst: boolean): ListedEvent[] =>
  [
    ...events.map((event): ListedEvent => ({ kind: 'individual', event })),
    ...teamEvents.map((event): ListedEvent => ({ kind: 'team', event })),
  ]
    .sort((a, b) => (soonestFirst ? startOf(a) - startOf(b) : startOf(b) - startOf(a)))
    .sort((a, b) => Number(isMine(b, myTeams)) - Number(isMine(a, myTeams)));

const LobbySection = ({ status, title, list, loading, empty, club, myTeams = [], withTeamEvents = false }: SwissLobbyProps & (typeof SECTIONS)[number]) => {
  const { t } = useLingui();
  const id = useId();
  const pageSize = status === 'finished' ? 20 : 50;
  const events = useTournaments({ status, club, pageSize });
  const teamEvents = useTeamLobby(status, pageSize, withTeamEvents);
  const failed = [events, ...(withTeamEvents ? [teamEvents] : [])].find((query) => query.error);
  let body;
  if (failed) body = <ErrorMessage error={failed.error} onRetry={() => void failed.refetch()} />;
  else if (events.isPending || (withTeamEvents && teamEvents.isPending)) body = <Spinner label={t(loading)} />;
  else {
    const listed = merged(events.data?.results ?? [], withTeamEvents ? (teamEvents.data?.results ?? []) : [], myTeams, status === 'scheduled');
    body = listed.length ? <SwissEventList events={listed} label={t(list)} highlightTeams={myTeams} /> : <EmptyState>{t(empty)}</EmptyState>;
  }
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-lg font-semibold">
        {t(title)}
      </h2>
      {body}
    </section>
  );
};

/** Ongoing, upcoming and finished events (every event is public; the viewer's teams first); in
 * the lobby, the team Swiss events beside the individual ones, marked as such. */
export const SwissLobby = ({ club, myTeams, withTeamEvents }: SwissLobbyProps) => (
  <div className="flex flex-col gap-6">
    {SECTIONS.map((section) => (
      <LobbySection key={section.status} {...section} club={club} myTeams={myTeams} withTeamEvents={withTeamEvents} />
    ))}
  </div>
);
