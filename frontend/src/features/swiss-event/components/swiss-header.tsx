import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'wouter';

import { MarkdownText } from '@/components/ui/markdown-text';
import { RoundCountdown } from '@/features/swiss-event/components/round-countdown';
import { SwissSchedule } from '@/features/swiss-event/components/swiss-schedule';
import { TrfExportButton } from '@/components/swiss/trf-export-button';
import { eventTimesLabel, statusLabel, timeControlLabel } from '@/lib/swiss/display';
import type { Tournament } from '@/lib/swiss/types';

const SPEEDS: Record<string, MessageDescriptor> = {
  bullet: msg({ message: 'Bullet', comment: 'A game speed, as a heading.' }),
  blitz: msg({ message: 'Blitz', comment: 'A game speed, as a heading.' }),
  rapid: msg({ message: 'Rapid', comment: 'A game speed, as a heading.' }),
  classical: msg({ message: 'Classical', comment: 'A game speed, as a heading.' }),
};

const teamLink = (slug: string, name: string) => (
  <Link key={slug} to={`/teams/${slug}`} className="underline-offset-2 hover:underline">
    {name}
  </Link>
);

/** The hosting team, and the teams co-hosting it (accepted): "Knights with Rooks and Bishops". */
const Hosts = ({ tournament }: { tournament: Tournament }) => {
  const { i18n } = useLingui();
  const cohosts = tournament.cohosts.filter((cohost) => cohost.status === 'accepted');
  const host = teamLink(tournament.team, tournament.team_name);
  // The co-hosts as a list in the interface language ("Rooks and Bishops"), each a link.
  const parts = new Intl.ListFormat(i18n.locale || 'en', { type: 'conjunction' }).formatToParts(cohosts.map((cohost) => cohost.team));
  let next = 0;
  const others: ReactNode = parts.map((part, index) => {
    if (part.type === 'literal') return <Fragment key={`sep-${index}`}>{part.value}</Fragment>;
    const cohost = cohosts[next++]!;
    return teamLink(cohost.team, cohost.team_name);
  });
  return (
    <p className="text-sm text-slate-600 dark:text-slate-300">
      {cohosts.length > 0 ? <Trans comment="the team hosting an event, with the teams co-hosting it">{host} with {others}</Trans> : host}
    </p>
  );
};

/** Name, teams, clock, rounds, status, the countdown and the TRF download. */
export const SwissHeader = ({ tournament }: { tournament: Tournament }) => {
  const { t } = useLingui();
  const speed = SPEEDS[tournament.speed];
  const current = tournament.current_round;
  const total = tournament.num_rounds;
  return (
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
          <dt className="text-slate-500 dark:text-slate-400">
            <Trans>Time control</Trans>
          </dt>
          <dd className="font-medium">
            {timeControlLabel(tournament)} <span className="font-normal capitalize">{speed ? t(speed) : tournament.speed}</span>
            {tournament.rated ? ` · ${t({ message: 'rated', comment: 'the games of the event change the ratings' })}` : ''}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">
            <Trans comment="the rounds of a Swiss event">Rounds</Trans>
          </dt>
          <dd className="font-medium">
            <Trans comment="the rounds played so far of the rounds of the event">
              {current} of {total}
            </Trans>
          </dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">
            <Trans comment="the status of an event">Status</Trans>
          </dt>
          <dd className="font-medium">{statusLabel(tournament)}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">
            <Trans comment="the number of players in the event">Players</Trans>
          </dt>
          <dd className="font-medium">{tournament.participant_count}</dd>
        </div>
      </dl>
      <p className="text-sm text-slate-500 dark:text-slate-400">{eventTimesLabel(tournament)}</p>
      <SwissSchedule tournament={tournament} />
      {tournament.description && <MarkdownText text={tournament.description} className="max-w-prose break-words" />}
      <RoundCountdown tournament={tournament} />
    </header>
  );
};
