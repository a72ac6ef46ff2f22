import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

import { type RoundUpload, UPLOAD_STATUS_LABELS, uploadSaved } from '@/features/otb-games/types/upload';

const savedClass = 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100';
const missedClass = 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100';

/** The upload's answer: a row per game of the file (the board it went to, or why not), then
 * the round's boards that still have no game. */
export const UploadReport = ({ report, fileName }: { report: RoundUpload; fileName: string }) => {
  const { t } = useLingui();
  const { round, saved } = report;
  const total = report.games.length;
  const missed = total - saved;
  const boards = report.boards_without_game.join(', ');
  return (
    <section aria-label={t`Upload report for ${fileName}`} className="flex min-w-0 flex-col gap-2">
      <p role="status" className={`rounded-md border p-2 text-sm font-medium ${missed === 0 ? savedClass : missedClass}`}>
        {missed > 0
          ? t`${plural(total, {
              one: `Round ${round}: ${saved} of # game saved; ${missed} not saved (below).`,
              other: `Round ${round}: ${saved} of # games saved; ${missed} not saved (below).`,
            })}`
          : t`${plural(total, { one: `Round ${round}: ${saved} of # game saved.`, other: `Round ${round}: ${saved} of # games saved.` })}`}
      </p>
      <div className="max-w-full overflow-x-auto">
        <table className="w-full text-start text-sm">
          <caption className="sr-only">
            <Trans>Games of {fileName}</Trans>
          </caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-1 pe-2">
                <Trans comment="a game of the uploaded file">Game</Trans>
              </th>
              <th scope="col" className="py-1 pe-2">
                <Trans>Board</Trans>
              </th>
              <th scope="col" className="py-1">
                <Trans>Outcome</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {report.games.map((game) => (
              <tr key={game.index} className={`border-b border-slate-100 align-top dark:border-slate-800 ${uploadSaved(game.status) ? '' : 'bg-amber-50 dark:bg-amber-950/60'}`}>
                <td className="py-1 pe-2 break-words">
                  <span className="text-xs text-slate-500 dark:text-slate-400">#{game.index} </span>
                  {game.white || '?'} – {game.black || '?'}
                  {game.round_tag && <RoundTag tag={game.round_tag} />}
                </td>
                <td className="py-1 pe-2 tabular-nums">{game.board ?? '—'}</td>
                <td className="py-1 break-words">
                  <span className="font-medium">{t(UPLOAD_STATUS_LABELS[game.status])}</span>
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
        {report.boards_without_game.length === 0 ? (
          <Trans>Every board of round {round} has a game.</Trans>
        ) : (
          <Trans>
            Boards of round {round} without a game: {boards}.
          </Trans>
        )}
      </p>
    </section>
  );
};

/** The game's PGN Round tag ("3.1"), which says which round and board it was written for. */
const RoundTag = ({ tag }: { tag: string }) => (
  <span className="block text-xs text-slate-500 dark:text-slate-400">
    <Trans comment="tag: the PGN Round tag's value, e.g. 3.1">Round tag {tag}</Trans>
  </span>
);
