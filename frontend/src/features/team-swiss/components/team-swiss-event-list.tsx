import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

import { QueryBoundary } from '@/components/ui/query-boundary';
import { useTeamSwissEvents } from '@/features/team-swiss/api/get-team-swiss-events';
import { STATUS_MESSAGES } from '@/lib/team-swiss/display';

/** The team Swiss events the team hosts or plays in (the team page), with "New team Swiss" for its leaders. */
export const TeamSwissEventList = ({ team, isLeader }: { team: string; isLeader: boolean }) => {
  const { t } = useLingui();
  const events = useTeamSwissEvents(team);
  return (
    <section aria-labelledby="team-swiss-events" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="team-swiss-events" className="text-lg font-semibold">
          <Trans>Team Swiss events</Trans>
        </h2>
        {isLeader && (
          <Link
            to={`/team-swiss/new?team=${encodeURIComponent(team)}`}
            className="inline-flex items-center rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-emerald-800 dark:bg-emerald-600"
          >
            <Trans>New team Swiss</Trans>
          </Link>
        )}
      </div>
      <QueryBoundary
        query={events}
        loadingLabel={t`Loading team Swiss events…`}
        isEmpty={(page) => page.results.length === 0}
        empty={t`No team Swiss event yet.`}
      >
        {(page) => (
          <ul aria-label={t`Team Swiss events`} className="flex flex-col divide-y divide-slate-200 dark:divide-slate-700">
            {page.results.map((event) => {
              const { host_name: host, team_count: teams, boards, current_round: round, num_rounds: rounds } = event;
              // A list of facts, each said on its own.
              const facts = [
                event.host !== team ? t({ message: `hosted by ${host}`, comment: 'The team that hosts a team Swiss event.' }) : null,
                t({ message: plural(teams, { one: '# teams', other: '# teams' }), comment: 'Teams in an event. (English keeps "teams" for one too.)' }),
                t({ message: plural(boards, { one: '# boards', other: '# boards' }), comment: 'Boards per match. (English keeps "boards" for one too.)' }),
                t`round ${round} of ${rounds}`,
                t(STATUS_MESSAGES[event.status]),
              ];
              return (
                <li key={event.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                  <Link to={`/team-swiss/${event.id}`} className="font-medium break-words underline-offset-2 hover:underline">
                    {event.name}
                  </Link>
                  <span className="text-sm text-slate-500 dark:text-slate-400">{facts.filter(Boolean).join(' · ')}</span>
                </li>
              );
            })}
          </ul>
        )}
      </QueryBoundary>
    </section>
  );
};
