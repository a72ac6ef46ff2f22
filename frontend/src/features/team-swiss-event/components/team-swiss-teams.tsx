import { EmptyState } from '@/components/ui/empty-state';
import { PlayerLink } from '@/components/ui/player-link';
import type { TeamSwissEvent } from '@/lib/team-swiss/types';

/** The teams and their squads in board order; players past the board count are the reserves. An
 * account invited to a line shows "invited" until its user accepts (the line has no account until then). */
export const TeamSwissTeams = ({ event, username }: { event: TeamSwissEvent; username: string | null }) => (
  <section aria-labelledby="team-squads-title" className="flex min-w-0 flex-col gap-2">
    <h2 id="team-squads-title" className="text-lg font-semibold">
      Teams
    </h2>
    {event.teams.length === 0 ? (
      <EmptyState>No teams yet.</EmptyState>
    ) : (
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {event.teams.map((team) => (
          <li key={team.tpn} aria-label={team.name} className="min-w-0 rounded-md border border-slate-200 p-2 dark:border-slate-700">
            <p className="font-medium break-words">
              {team.tpn}. {team.name}
              {team.status === 'withdrawn' && <span className="ml-1 text-xs text-slate-500">(withdrawn)</span>}
            </p>
            {team.captain && <p className="text-xs text-slate-500 dark:text-slate-400">Captain: {team.captain}</p>}
            <ol className="mt-1 flex flex-col text-sm">
              {team.players.map((player, index) => (
                <li
                  key={player.id}
                  className={`flex min-w-0 gap-2 ${player.username && player.username === username ? 'font-semibold' : ''}`}
                >
                  <span className="w-5 shrink-0 text-right text-slate-500 tabular-nums">{index + 1}</span>
                  <span className="min-w-0 truncate">
                    <PlayerLink name={player.username ?? player.name} />
                  </span>
                  {player.rating ? <span className="text-xs text-slate-500 tabular-nums">{player.rating}</span> : null}
                  {player.invited && (
                    <span className="text-xs text-amber-700 dark:text-amber-400" title={`${player.invited} has not accepted yet`}>
                      invited
                    </span>
                  )}
                  {index >= event.boards && <span className="text-xs text-slate-500">reserve</span>}
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
    )}
  </section>
);
