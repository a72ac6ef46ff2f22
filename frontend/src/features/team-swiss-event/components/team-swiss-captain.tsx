import { Link } from 'react-router';

import { TeamSwissWithdrawButton } from '@/components/team-swiss/team-swiss-withdraw-button';
import type { TeamSwissEvent } from '@/lib/team-swiss/types';

/** A captain's box: their team, the "Line-up" button while the round takes line-ups, and "Withdraw team". */
export const TeamSwissCaptain = ({ event }: { event: TeamSwissEvent }) => {
  const tpn = event.viewer_captain_of;
  const team = event.teams.find((entry) => entry.tpn === tpn);
  if (tpn === null || !team) return null;
  const round = event.round;
  const paired = round?.matches.some((match) => match.white.tpn === tpn || match.black?.tpn === tpn) ?? false;
  const byes = round?.matches.some((match) => match.white.tpn === tpn && match.black === null) ?? false;
  const submitted = round?.lineups_submitted.includes(tpn) ?? false;
  return (
    <section aria-label="Your team" className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-300 p-3 text-sm dark:border-slate-600">
      <p className="min-w-0 break-words">
        You captain <span className="font-semibold">{team.name}</span> (no. {tpn}).
      </p>
      {round?.status === 'lineups' && paired && !byes ? (
        <>
          <Link
            to={`/team-swiss/${event.id}/lineup/${tpn}`}
            className="inline-flex items-center rounded-md bg-emerald-700 px-3 py-1.5 font-medium text-white hover:bg-emerald-800 dark:bg-emerald-600"
          >
            Line-up
          </Link>
          <span>{submitted ? `Line-up for round ${round.number} submitted; you may change it until it closes.` : `Round ${round.number}: submit your line-up.`}</span>
        </>
      ) : round?.status === 'lineups' && byes ? (
        <span>Your team has the bye in round {round.number}.</span>
      ) : null}
      {event.status !== 'finished' && <TeamSwissWithdrawButton eventId={event.id} team={team} />}
    </section>
  );
};
