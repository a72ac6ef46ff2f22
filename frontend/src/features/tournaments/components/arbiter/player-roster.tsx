import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { usePlayerCheckIn, usePlayerStatus } from '@/features/tournaments/api/arbiter-actions';
import type { Standing } from '@/features/tournaments/types/swiss';
import { errorMessage } from '@/lib/api-error';

type PlayerRosterProps = {
  tournamentId: number;
  rows: Standing[];
  /** Before round 1 of an event with a check-in window: check players in for them. */
  checkIn?: boolean;
};

/** Withdraw a player (zero-point byes from the next round; before the start, the entry goes) or reinstate them. */
export const PlayerRoster = ({ tournamentId, rows, checkIn = false }: PlayerRosterProps) => {
  const change = usePlayerStatus(tournamentId);
  const checkInOne = usePlayerCheckIn(tournamentId);
  return (
    <details className="flex flex-col gap-2">
      <summary className="cursor-pointer font-semibold">Players ({rows.length})</summary>
      <table aria-label="Players" className="w-full text-sm">
        <tbody>
          {rows.map((row) => {
            const paused = row.status !== 'active';
            return (
              <tr key={row.username} className="flex flex-wrap items-center gap-x-3 border-b border-slate-200 py-1 sm:table-row sm:py-0 dark:border-slate-700">
                <td className="min-w-0 font-medium break-all sm:py-1 sm:pr-3">{row.username}</td>
                <td className="pr-3">
                  {paused ? 'withdrawn' : 'playing'}
                  {checkIn && !paused && (row.checked_in ? ', checked in' : ', not checked in')}
                </td>
                <td className="max-w-full">
                  <Button
                    className="max-w-full truncate"
                    variant="secondary"
                    disabled={change.isPending}
                    onClick={() => change.mutate({ username: row.username, withdraw: !paused })}
                  >
                    {paused ? `Reinstate ${row.username}` : `Withdraw ${row.username}`}
                  </Button>
                </td>
                {checkIn && !paused && !row.checked_in && (
                  <td className="max-w-full sm:pl-2">
                    <Button className="max-w-full truncate" variant="secondary" disabled={checkInOne.isPending} onClick={() => checkInOne.mutate(row.username)}>
                      Check in {row.username}
                    </Button>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      <FormError message={change.error ? errorMessage(change.error) : checkInOne.error ? errorMessage(checkInOne.error) : null} />
    </details>
  );
};
