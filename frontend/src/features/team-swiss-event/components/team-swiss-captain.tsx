import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

import { TeamSwissWithdrawButton } from '@/components/team-swiss/team-swiss-withdraw-button';
import type { TeamSwissEvent } from '@/lib/team-swiss/types';

/** A captain's box: their team, the "Line-up" button while the round takes line-ups, and "Withdraw team". */
export const TeamSwissCaptain = ({ event }: { event: TeamSwissEvent }) => {
  const { t } = useLingui();
  const tpn = event.viewer_captain_of;
  const team = event.teams.find((entry) => entry.tpn === tpn);
  if (tpn === null || !team) return null;
  const round = event.round;
  const paired = round?.matches.some((match) => match.white.tpn === tpn || match.black?.tpn === tpn) ?? false;
  const byes = round?.matches.some((match) => match.white.tpn === tpn && match.black === null) ?? false;
  const submitted = round?.lineups_submitted.includes(tpn) ?? false;
  const name = team.name;
  const number = round?.number ?? 0;
  return (
    <section aria-label={t`Your team`} className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-300 p-3 text-sm dark:border-slate-600">
      <p className="min-w-0 break-words">
        <Trans comment="tpn: the team's number in the event">
          You captain <span className="font-semibold">{name}</span> (no. {tpn}).
        </Trans>
      </p>
      {round?.status === 'lineups' && paired && !byes ? (
        <>
          <Link
            to={`/team-swiss/${event.id}/lineup/${tpn}`}
            className="inline-flex items-center rounded-md bg-emerald-700 px-3 py-1.5 font-medium text-white hover:bg-emerald-800 dark:bg-emerald-600"
          >
            <Trans comment="link: set the team's players for this round's boards">Line-up</Trans>
          </Link>
          <span>
            {submitted ? t`Line-up for round ${number} submitted; you may change it until it closes.` : t`Round ${number}: submit your line-up.`}
          </span>
        </>
      ) : round?.status === 'lineups' && byes ? (
        <span>
          <Trans>Your team has the bye in round {number}.</Trans>
        </span>
      ) : null}
      {event.status !== 'finished' && <TeamSwissWithdrawButton eventId={event.id} team={team} />}
    </section>
  );
};
