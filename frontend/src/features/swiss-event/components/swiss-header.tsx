import { Link } from 'react-router';

import { MarkdownText } from '@/components/ui/markdown-text';
import { RoundCountdown } from '@/features/swiss-event/components/round-countdown';
import { SwissSchedule } from '@/features/swiss-event/components/swiss-schedule';
import { TrfExportButton } from '@/components/swiss/trf-export-button';
import { eventTimesLabel, statusLabel, timeControlLabel } from '@/lib/swiss/display';
import type { Tournament } from '@/lib/swiss/types';

const teamLink = (slug: string, name: string) => (
  <Link key={slug} to={`/teams/${slug}`} className="underline-offset-2 hover:underline">
    {name}
  </Link>
);

/** The hosting team, and the teams co-hosting it (accepted): "Knights with Rooks and Bishops". */
const Hosts = ({ tournament }: { tournament: Tournament }) => {
  const cohosts = tournament.cohosts.filter((cohost) => cohost.status === 'accepted');
  return (
    <p className="text-sm text-slate-600 dark:text-slate-300">
      {teamLink(tournament.team, tournament.team_name)}
      {cohosts.length > 0 && ' with '}
      {cohosts.map((cohost, index) => (
        <span key={cohost.team}>
          {index === 0 ? '' : index === cohosts.length - 1 ? ' and ' : ', '}
          {teamLink(cohost.team, cohost.team_name)}
        </span>
      ))}
    </p>
  );
};

/** Name, teams, clock, rounds, status, the countdown and the TRF download. */
export const SwissHeader = ({ tournament }: { tournament: Tournament }) => (
  <header className="flex flex-col gap-3">
    <div className="flex flex-wrap items-start justify-between gap-2">
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="text-2xl font-bold break-words">{tournament.name}</h1>
        <Hosts tournament={tournament} />
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
    <p className="text-sm text-slate-500 dark:text-slate-400">{eventTimesLabel(tournament)}</p>
    <SwissSchedule tournament={tournament} />
    {tournament.description && <MarkdownText text={tournament.description} className="max-w-prose break-words" />}
    <RoundCountdown tournament={tournament} />
  </header>
);
