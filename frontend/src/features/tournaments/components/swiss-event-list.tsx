import { Link } from 'react-router';

import { formatDateTime, STATUS_LABELS, timeControlLabel } from '@/features/tournaments/types/display';
import type { Tournament } from '@/features/tournaments/types/swiss';

type SwissEventListProps = { events: Tournament[]; label: string; highlightTeams?: readonly string[] };

/** Events as links to their pages, with clock, rounds, players and start. */
export const SwissEventList = ({ events, label, highlightTeams = [] }: SwissEventListProps) => (
  <ul aria-label={label} className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
    {events.map((event) => (
      <li key={event.id} className="flex flex-col gap-1 p-3 sm:flex-row sm:items-baseline sm:justify-between">
        <div className="flex min-w-0 flex-col">
          <Link to={`/swiss/${event.id}`} className="truncate font-medium text-emerald-800 underline-offset-2 hover:underline dark:text-emerald-400">
            {event.name}
          </Link>
          <span className="text-sm text-slate-500 dark:text-slate-400">
            {event.team}
            {highlightTeams.includes(event.team) && (
              <span className="ml-2 rounded bg-emerald-100 px-1.5 text-xs text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
                your team
              </span>
            )}
          </span>
        </div>
        <span className="text-sm text-slate-600 tabular-nums dark:text-slate-300">
          {timeControlLabel(event)} · {event.num_rounds} rounds · {event.participant_count} players ·{' '}
          {event.status === 'scheduled' ? formatDateTime(event.start_time) : (STATUS_LABELS[event.status] ?? event.status)}
        </span>
      </li>
    ))}
  </ul>
);
