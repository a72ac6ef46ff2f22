import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

import type { LobbyTeamEvent } from '@/features/swiss-event/api/get-tournaments';
import { formatDateTime, STATUS_LABELS, timeControlLabel } from '@/lib/swiss/display';
import type { Tournament } from '@/lib/swiss/types';

/** One row of a list: an individual event, or a team Swiss one (the lobby lists both). */
export type ListedEvent = { kind: 'individual'; event: Tournament } | { kind: 'team'; event: LobbyTeamEvent };

type SwissEventListProps = { events: ListedEvent[]; label: string; highlightTeams?: readonly string[] };

/** The teams of an individual event: the host, then the accepted co-hosts. */
const teamsOf = (event: Tournament) => [
  { team: event.team, team_name: event.team_name },
  ...event.cohosts.filter((cohost) => cohost.status === 'accepted'),
];

/** Whether one of the viewer's teams hosts (or co-hosts) the event. */
export const isMine = (listed: ListedEvent, myTeams: readonly string[]): boolean =>
  listed.kind === 'team' ? myTeams.includes(listed.event.host) : teamsOf(listed.event).some((team) => myTeams.includes(team.team));

const TEAM_STATUS_LABELS: Record<string, MessageDescriptor> = {
  created: msg({ message: 'Upcoming', comment: 'status of an event that has not started' }),
  started: msg({ message: 'In progress', comment: 'status of an event being played' }),
  finished: msg({ message: 'Finished', comment: 'status of an event that is over' }),
};

const labelOf = (labels: Record<string, MessageDescriptor>, status: string): string => {
  const label = labels[status];
  return label ? t(label) : status;
};

const Badge = ({ children, tone }: { children: string; tone: 'mine' | 'team' }) => (
  <span
    className={`inline-block rounded px-1.5 text-xs font-medium whitespace-nowrap ${
      tone === 'mine'
        ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100'
        : 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100'
    }`}
  >
    {children}
  </span>
);

// The facts of a row, read while rendering (in the interface language), one after the other.
const individualFacts = (event: Tournament) =>
  [
    timeControlLabel(event),
    plural(event.num_rounds, { one: '# round', other: '# rounds' }),
    plural(event.participant_count, { one: '# player', other: '# players' }),
    event.status === 'scheduled' ? formatDateTime(event.start_time) : labelOf(STATUS_LABELS, event.status),
  ].join(' · ');

const teamFacts = (event: LobbyTeamEvent) => {
  let when = labelOf(TEAM_STATUS_LABELS, event.status);
  if (event.status === 'created' && event.starts_at) when = formatDateTime(event.starts_at);
  if (event.status === 'started') {
    const { current_round: current, num_rounds: total } = event;
    when = t({ message: `round ${current} of ${total}`, comment: 'how far a team Swiss event has come' });
  }
  return [
    plural(event.team_count, { one: '# team', other: '# teams' }),
    plural(event.boards, { one: '# board', other: '# boards' }),
    plural(event.num_rounds, { one: '# round', other: '# rounds' }),
    when,
  ].join(' · ');
};

/** Events as links to their pages: the hosting team (and co-hosts) by name, the clock or the
 * boards, rounds, entries and start; a team Swiss is marked as one. */
export const SwissEventList = ({ events, label, highlightTeams = [] }: SwissEventListProps) => {
  const { t } = useLingui();
  return (
    <ul aria-label={label} className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
      {events.map((listed) => {
        const team = listed.kind === 'team';
        const hosts = team ? listed.event.host_name : teamsOf(listed.event).map((host) => host.team_name).join(', ');
        return (
          <li key={`${listed.kind}-${listed.event.id}`} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
            <div className="flex min-w-0 flex-col gap-0.5">
              <span className="flex min-w-0 flex-wrap items-baseline gap-x-2 gap-y-0.5">
                <Link
                  to={team ? `/team-swiss/${listed.event.id}` : `/swiss/${listed.event.id}`}
                  className="min-w-0 font-medium break-words text-emerald-800 underline-offset-2 hover:underline dark:text-emerald-400"
                >
                  {listed.event.name}
                </Link>{' '}
                {team && <Badge tone="team">{t({ message: 'Team Swiss', comment: 'a badge: the event is a Swiss for teams' })}</Badge>}
              </span>
              <span className="flex min-w-0 flex-wrap items-baseline gap-x-2 text-sm text-slate-500 dark:text-slate-400">
                <span className="min-w-0 break-words">{team ? t`Hosted by ${hosts}` : hosts}</span>{' '}
                {isMine(listed, highlightTeams) && <Badge tone="mine">{t({ message: 'your team', comment: 'a badge: one of the viewer’s teams hosts the event' })}</Badge>}
              </span>
            </div>
            <span className="shrink-0 text-sm text-slate-600 tabular-nums dark:text-slate-300">
              {team ? teamFacts(listed.event) : individualFacts(listed.event)}
            </span>
          </li>
        );
      })}
    </ul>
  );
};
