import { Trans, useLingui } from '@lingui/react/macro';

import { EmptyState } from '@/components/ui/empty-state';
import { PlayerLink } from '@/components/ui/player-link';
import type { TeamSwissEvent } from '@/lib/team-swiss/types';

/** The teams and their squads in board order; players past the board count are the reserves. An
 * account invited to a line shows "invited" until its user accepts (the line has no account until then). */
export const TeamSwissTeams = ({ event, username }: { event: TeamSwissEvent; username: string | null }) => {
  const { t } = useLingui();
  return (
    <section aria-labelledby="team-squads-title" className="flex min-w-0 flex-col gap-2">
      <h2 id="team-squads-title" className="text-lg font-semibold">
        <Trans comment="heading: the teams of a team Swiss event and their squads">Teams</Trans>
      </h2>
      {event.teams.length === 0 ? (
        <EmptyState>
          <Trans>No teams yet.</Trans>
        </EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {event.teams.map((team) => {
            const captain = team.captain;
            return (
              <li key={team.tpn} aria-label={team.name} className="min-w-0 rounded-md border border-slate-200 p-2 dark:border-slate-700">
                <p className="font-medium break-words">
                  {team.tpn}. {team.name}
                  {team.status === 'withdrawn' && (
                    <span className="ms-1 text-xs text-slate-500">{t({ message: '(withdrawn)', comment: 'a team that left the event' })}</span>
                  )}
                </p>
                {captain && (
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    <Trans>Captain: {captain}</Trans>
                  </p>
                )}
                <ol className="mt-1 flex flex-col text-sm">
                  {team.players.map((player, index) => {
                    const invited = player.invited;
                    return (
                      <li
                        key={player.id}
                        className={`flex min-w-0 gap-2 ${player.username && player.username === username ? 'font-semibold' : ''}`}
                      >
                        <span className="w-5 shrink-0 text-end text-slate-500 tabular-nums">{index + 1}</span>
                        <span className="min-w-0 truncate">
                          <PlayerLink name={player.username ?? player.name} />
                        </span>
                        {player.rating ? <span className="text-xs text-slate-500 tabular-nums">{player.rating}</span> : null}
                        {invited && (
                          <span className="text-xs text-amber-700 dark:text-amber-400" title={t`${invited} has not accepted yet`}>
                            {t({ message: 'invited', comment: 'a squad player whose account has not accepted the invitation yet' })}
                          </span>
                        )}
                        {index >= event.boards && (
                          <span className="text-xs text-slate-500">{t({ message: 'reserve', comment: 'a squad player past the board count' })}</span>
                        )}
                      </li>
                    );
                  })}
                </ol>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
};
