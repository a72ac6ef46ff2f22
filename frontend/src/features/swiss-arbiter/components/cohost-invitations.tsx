import { Trans } from '@lingui/react/macro';

import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useCohostChange, useCohostInvitations } from '@/lib/swiss/cohosts';
import type { Tournament } from '@/lib/swiss/types';
import { errorMessage } from '@/lib/api-error';

const Invitation = ({ event, team }: { event: Tournament; team: string }) => {
  const change = useCohostChange(event.id);
  const host = event.team_name;
  const mine = event.cohosts.find((cohost) => cohost.team === team);
  return (
    <li className="flex flex-wrap items-center gap-2 text-sm break-words">
      <a href={`/swiss/${event.id}`} className="underline">
        {event.name}
      </a>
      <span className="text-slate-500">
        <Trans>hosted by {host}</Trans>
      </span>
      {mine?.status === 'accepted' ? (
        <span className="text-emerald-700 dark:text-emerald-400">
          <Trans>Co-hosting</Trans>
        </span>
      ) : (
        <>
          <Button disabled={change.isPending} onClick={() => change.mutate({ accept: team })}>
            <Trans comment="accept an invitation to co-host an event">Accept</Trans>
          </Button>
          <Button variant="secondary" disabled={change.isPending} onClick={() => change.mutate({ decline: team })}>
            <Trans comment="decline an invitation to co-host an event">Decline</Trans>
          </Button>
        </>
      )}
      <FormError message={change.error ? errorMessage(change.error) : null} />
    </li>
  );
};

/** For a team's leaders: the events other teams invited it to co-host, to accept or decline. */
export const CohostInvitations = ({ team }: { team: string }) => {
  const invitations = useCohostInvitations(team);
  const events = (invitations.data?.results ?? []).filter((event) => event.status === 'scheduled' || event.status === 'running');
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="cohost-invitations" className="flex flex-col gap-2">
      <h2 id="cohost-invitations" className="text-lg font-semibold">
        <Trans>Co-host invitations</Trans>
      </h2>
      <ul className="flex flex-col gap-1">
        {events.map((event) => (
          <Invitation key={event.id} event={event} team={team} />
        ))}
      </ul>
    </section>
  );
};
