import { Link } from 'react-router';

import { MarkdownText } from '@/components/ui/markdown-text';
import { RoundCountdown } from '@/features/tournaments/components/round-countdown';
import { SwissSchedule } from '@/features/tournaments/components/swiss-schedule';
import { TrfExportButton } from '@/features/tournaments/components/trf-export-button';
import { formatDateTime, statusLabel, timeControlLabel } from '@/features/tournaments/types/display';
import type { Tournament } from '@/features/tournaments/types/swiss';

/** Name, team, clock, rounds, status, the countdown and the TRF download. */
export const SwissHeader = ({ tournament }: { tournament: Tournament }) => (
  <header className="flex flex-col gap-3">
    <div className="flex flex-wrap items-start justify-between gap-2">
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="text-2xl font-bold break-words">{tournament.name}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <Link to={`/teams/${tournament.team}`} className="underline-offset-2 hover:underline">
            {tournament.team_name}
          </Link>
        </p>
      </div>
      <TrfExportButton tournament={tournament} />
    </div>
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
      <div>
        <dt className="text-slate-500 dark:text-slate-400">Time control</dt>
        <dd className="font-medium">
          {timeControlLabel(tournament)} <span className="font-normal capitalize">{tournament.speed}</span>
          {tournament.rated ? ' · rated' : ''}
        </dd>
      </div>
      <div>
        <dt className="text-slate-500 dark:text-slate-400">Rounds</dt>
        <dd className="font-medium">
          {tournament.current_round} of {tournament.num_rounds}
        </dd>
      </div>
      <div>
        <dt className="text-slate-500 dark:text-slate-400">Status</dt>
        <dd className="font-medium">{statusLabel(tournament)}</dd>
      </div>
      <div>
        <dt className="text-slate-500 dark:text-slate-400">Players</dt>
        <dd className="font-medium">{tournament.participant_count}</dd>
      </div>
    </dl>
    <p className="text-sm text-slate-500 dark:text-slate-400">
      {tournament.status === 'scheduled' ? 'Starts' : 'Started'} {formatDateTime(tournament.start_time)}
      {tournament.finished_at && ` · ended ${formatDateTime(tournament.finished_at)}`}
    </p>
    <SwissSchedule tournament={tournament} />
    {tournament.description && <MarkdownText text={tournament.description} className="max-w-prose break-words" />}
    <RoundCountdown tournament={tournament} />
  </header>
);
