import { type RoundUpload, UPLOAD_STATUS_LABELS, uploadSaved } from '@/features/otb-games/types/upload';

const boardList = (boards: readonly number[]) => boards.join(', ');

/** The upload's answer: a row per game of the file (the board it went to, or why not), then
 * the round's boards that still have no game. */
export const UploadReport = ({ report, fileName }: { report: RoundUpload; fileName: string }) => {
  const missed = report.games.length - report.saved;
  return (
    <section aria-label={`Upload report for ${fileName}`} className="flex min-w-0 flex-col gap-2">
      <p
        role="status"
        className={`rounded-md border p-2 text-sm font-medium ${
          missed === 0
            ? 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100'
            : 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100'
        }`}
      >
        Round {report.round}: {report.saved} of {report.games.length} {report.games.length === 1 ? 'game' : 'games'} saved
        {missed > 0 ? `; ${missed} not saved (below).` : '.'}
      </p>
      <div className="max-w-full overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Games of {fileName}</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-1 pr-2">
                Game
              </th>
              <th scope="col" className="py-1 pr-2">
                Board
              </th>
              <th scope="col" className="py-1">
                Outcome
              </th>
            </tr>
          </thead>
          <tbody>
            {report.games.map((game) => (
              <tr key={game.index} className={`border-b border-slate-100 align-top dark:border-slate-800 ${uploadSaved(game.status) ? '' : 'bg-amber-50 dark:bg-amber-950/60'}`}>
                <td className="py-1 pr-2 break-words">
                  <span className="text-xs text-slate-500 dark:text-slate-400">#{game.index} </span>
                  {game.white || '?'} – {game.black || '?'}
                  {game.round_tag && <span className="block text-xs text-slate-500 dark:text-slate-400">Round tag {game.round_tag}</span>}
                </td>
                <td className="py-1 pr-2 tabular-nums">{game.board ?? '—'}</td>
                <td className="py-1 break-words">
                  <span className="font-medium">{UPLOAD_STATUS_LABELS[game.status]}</span>
                  <span className="block text-slate-700 dark:text-slate-300">{game.message}</span>
                  {game.result_entry && game.result_entry.status !== 'none' && (
                    <span className="block text-slate-600 dark:text-slate-400">{game.result_entry.message}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm">
        {report.boards_without_game.length === 0
          ? `Every board of round ${report.round} has a game.`
          : `Boards of round ${report.round} without a game: ${boardList(report.boards_without_game)}.`}
      </p>
    </section>
  );
};
