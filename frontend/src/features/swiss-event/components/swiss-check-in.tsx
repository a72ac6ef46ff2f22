import { Trans } from '@lingui/react/macro';

import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { useCheckIn } from '@/lib/swiss/entry-actions';
import { formatDuration, useCountdown } from '@/hooks/use-countdown';
import { formatDateTime } from '@/lib/swiss/display';
import type { Tournament } from '@/lib/swiss/types';

type SwissCheckInProps = { tournament: Tournament; username: string; checkedIn: boolean };

/**
 * The check-in before round 1 (events with a window): when it opens, the button; the player
 * who has not checked in when round 1 is paired sits out, paused (docs/swiss.md, "Check-in").
 */
export const SwissCheckIn = ({ tournament, username, checkedIn }: SwissCheckInProps) => {
  const checkIn = useCheckIn(tournament.id, username);
  const opensAt = tournament.checkin_opens_at;
  const left = useCountdown(opensAt);
  if (opensAt == null || tournament.status !== 'scheduled' || tournament.current_round > 0) return null;
  const at = formatDateTime(opensAt);
  const clock = left !== null ? formatDuration(left) : '';
  if (checkedIn || checkIn.isSuccess)
    return (
      <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
        <Trans>You are checked in for round 1.</Trans>
      </p>
    );
  return (
    <div className="flex flex-col gap-2 rounded-md bg-amber-50 p-3 text-sm dark:bg-amber-950">
      {left === 0 ? (
        <Button className="self-start" disabled={checkIn.isPending} onClick={() => checkIn.mutate(undefined)}>
          <Trans comment="button: confirm one will play round 1">Check in</Trans>
        </Button>
      ) : (
        <p>
          {left !== null ? (
            <Trans>
              Check-in opens {at} (in {clock}).
            </Trans>
          ) : (
            <Trans>Check-in opens {at}.</Trans>
          )}
        </p>
      )}
      <p className="text-slate-600 dark:text-slate-300">
        <Trans>Check in to be paired in round 1: a player who has not checked in by then is paused (not paired) and may rejoin later.</Trans>
      </p>
      {checkIn.error && <ErrorMessage error={checkIn.error} />}
    </div>
  );
};
