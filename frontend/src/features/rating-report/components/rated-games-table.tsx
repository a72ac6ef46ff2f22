import type { ReportPlayer } from '@/features/rating-report/types/findings';

/** Every player as the file writes them, with the games FIDE will rate (read when opened). */
export const RatedGamesTable = ({ players, total }: { players: ReportPlayer[]; total: number }) => (
  <details className="flex flex-col gap-2">
    <summary className="cursor-pointer font-semibold">
      Players and rated games ({total} {total === 1 ? 'game' : 'games'})
    </summary>
    <div className="mt-2 overflow-x-auto">
      <table aria-label="Players and rated games" className="w-full border-collapse text-sm">
        <thead>
          <tr className="border-b border-slate-400 text-left [&>th]:py-1 [&>th]:pr-3">
            <th scope="col">No.</th>
            <th scope="col">Name</th>
            <th scope="col">FIDE ID</th>
            <th scope="col">Fed.</th>
            <th scope="col">Born</th>
            <th scope="col">Sex</th>
            <th scope="col">Rating</th>
            <th scope="col">Rated games</th>
          </tr>
        </thead>
        <tbody>
          {players.map((player) => (
            <tr key={player.entry} className="border-b border-slate-200 align-top dark:border-slate-700 [&>td]:py-1 [&>td]:pr-3">
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
