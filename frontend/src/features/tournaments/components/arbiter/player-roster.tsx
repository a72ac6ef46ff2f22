import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { usePlayerStatus } from '@/features/tournaments/api/arbiter-actions';
import type { Standing } from '@/features/tournaments/types/swiss';
import { errorMessage } from '@/lib/api-error';

/** Withdraw a player (zero-point byes from the next round; before the start, the entry goes) or reinstate them. */
export const PlayerRoster = ({ tournamentId, rows }: { tournamentId: number; rows: Standing[] }) => {
  const change = usePlayerStatus(tournamentId);
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
                <td className="pr-3">{paused ? 'withdrawn' : 'playing'}</td>
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
              </tr>
            );
          })}
        </tbody>
      </table>
      <FormError message={change.error ? errorMessage(change.error) : null} />
    </details>
  );
};
