import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

import type { ReportPlayer } from '@/features/rating-report/types/findings';

/** Every player as the file writes them, with the games FIDE will rate (read when opened). */
export const RatedGamesTable = ({ players, total }: { players: ReportPlayer[]; total: number }) => {
  const { t } = useLingui();
  return (
    <details className="flex flex-col gap-2">
      <summary className="cursor-pointer font-semibold">
        {t`${plural(total, { one: 'Players and rated games (# game)', other: 'Players and rated games (# games)' })}`}
      </summary>
      <div className="mt-2 overflow-x-auto">
        <table aria-label={t`Players and rated games`} className="w-full border-collapse text-sm">
          <thead>
            <tr className="border-b border-slate-400 text-start [&>th]:py-1 [&>th]:pe-3">
              <th scope="col">
                <Trans comment="Column heading: a player's start number.">No.</Trans>
              </th>
              <th scope="col">
                <Trans comment="Column heading: a player's name.">Name</Trans>
              </th>
              <th scope="col">
                <Trans>FIDE ID</Trans>
              </th>
              <th scope="col">
                <Trans comment="Column heading, short for federation.">Fed.</Trans>
              </th>
              <th scope="col">
                <Trans comment="Column heading: a player's year of birth.">Born</Trans>
              </th>
              <th scope="col">
                <Trans>Sex</Trans>
              </th>
              <th scope="col">
                <Trans>Rating</Trans>
              </th>
              <th scope="col">
                <Trans>Rated games</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {players.map((player) => (
              <tr key={player.entry} className="border-b border-slate-200 align-top dark:border-slate-700 [&>td]:py-1 [&>td]:pe-3">
                <td>{player.start_number}</td>
                <td className="min-w-32 break-words">{player.name || player.username}</td>
                <td>{player.fide_id || '—'}</td>
                <td>{player.federation || '—'}</td>
                <td>{player.birth_year ?? '—'}</td>
                <td>{player.sex || '—'}</td>
                <td>{player.rating || '—'}</td>
                <td>{player.rated_games}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
};
