import { Link } from 'react-router';

import { QueryBoundary } from '@/components/ui/query-boundary';
import { useTeamSwissEvents } from '@/features/team-swiss/api/get-team-swiss-events';
import { STATUS_LABELS } from '@/lib/team-swiss/display';

/** The team Swiss events the team hosts or plays in (the team page), with "New team Swiss" for its leaders. */
export const TeamSwissEventList = ({ team, isLeader }: { team: string; isLeader: boolean }) => {
  const events = useTeamSwissEvents(team);
  return (
    <section aria-labelledby="team-swiss-events" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="team-swiss-events" className="text-lg font-semibold">
          Team Swiss events
        </h2>
        {isLeader && (
          <Link
            to={`/team-swiss/new?team=${encodeURIComponent(team)}`}
            className="inline-flex items-center rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-emerald-800 dark:bg-emerald-600"
          >
            New team Swiss
          </Link>
        )}
      </div>
      <QueryBoundary query={events} loadingLabel="Loading team Swiss events…" isEmpty={(page) => page.results.length === 0} empty="No team Swiss event yet.">
        {(page) => (
          <ul aria-label="Team Swiss events" className="flex flex-col divide-y divide-slate-200 dark:divide-slate-700">
            {page.results.map((event) => (
              <li key={event.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                <Link to={`/team-swiss/${event.id}`} className="font-medium break-words underline-offset-2 hover:underline">
                  {event.name}
                </Link>
                <span className="text-sm text-slate-500 dark:text-slate-400">
                  {event.host !== team && `hosted by ${event.host_name} · `}
                  {event.team_count} teams · {event.boards} boards · round {event.current_round} of {event.num_rounds} · {STATUS_LABELS[event.status]}
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryBoundary>
    </section>
  );
};
