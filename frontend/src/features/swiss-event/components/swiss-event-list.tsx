import { Link } from 'react-router';

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

const TEAM_STATUS_LABELS: Record<string, string> = { created: 'Upcoming', started: 'In progress', finished: 'Finished' };

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

const count = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

const individualFacts = (event: Tournament) =>
  `${timeControlLabel(event)} · ${count(event.num_rounds, 'round')} · ${count(event.participant_count, 'player')} · ${
    event.status === 'scheduled' ? formatDateTime(event.start_time) : (STATUS_LABELS[event.status] ?? event.status)
  }`;

const teamFacts = (event: LobbyTeamEvent) => {
  let when = TEAM_STATUS_LABELS[event.status] ?? event.status;
  if (event.status === 'created' && event.starts_at) when = formatDateTime(event.starts_at);
  if (event.status === 'started') when = `round ${event.current_round} of ${event.num_rounds}`;
  return `${count(event.team_count, 'team')} · ${count(event.boards, 'board')} · ${count(event.num_rounds, 'round')} · ${when}`;
};

/** Events as links to their pages: the hosting team (and co-hosts) by name, the clock or the
 * boards, rounds, entries and start; a team Swiss is marked as one. */
export const SwissEventList = ({ events, label, highlightTeams = [] }: SwissEventListProps) => (
  <ul aria-label={label} className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
    {events.map((listed) => {
      const team = listed.kind === 'team';
      const hosts = team ? listed.event.host_name : teamsOf(listed.event).map((t) => t.team_name).join(', ');
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
              {team && <Badge tone="team">Team Swiss</Badge>}
            </span>
            <span className="flex min-w-0 flex-wrap items-baseline gap-x-2 text-sm text-slate-500 dark:text-slate-400">
              <span className="min-w-0 break-words">{team ? `Hosted by ${hosts}` : hosts}</span>{' '}
              {isMine(listed, highlightTeams) && <Badge tone="mine">your team</Badge>}
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
