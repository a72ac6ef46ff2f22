import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

import type { TrfCheckReport } from '@/features/tools/api/check-trf';

/** Where a discrepancy is: the standings, a round, or a board of a round. */
const Where = ({ round, board }: { round: number; board: number }) => {
  if (round === 0) return <Trans comment="Where a discrepancy is: the final standings.">Standings</Trans>;
  return board === 0 ? <Trans>Round {round}</Trans> : <Trans>Round {round}, board {board}</Trans>;
};

/** The checker's verdict and, when the file differs from our engine, one row per discrepancy. */
export const TrfCheckReportView = ({ report, fileName }: { report: TrfCheckReport; fileName: string }) => {
  const { t } = useLingui();
  const order = report.tiebreaks.length ? report.tiebreaks.join(', ') : t({ message: 'none declared', comment: 'No tie-breaks in the file.' });
  const rounds = report.rounds_checked;
  const discrepancies = report.discrepancies.length;
  return (
    <section aria-labelledby="trf-check-report" className="flex flex-col gap-3">
      <h2 id="trf-check-report" className="text-lg font-semibold">
        <Trans>Report on {fileName}</Trans>
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t({
          message: plural(rounds, {
            one: `# rounds re-paired by our engine; tie-breaks: ${order}.`,
            other: `# rounds re-paired by our engine; tie-breaks: ${order}.`,
          }),
          comment: '{order} is the list of tie-break codes (BH, SB…), or "none declared". (English keeps "rounds" for one round too.)',
        })}
      </p>
      {report.clean ? (
        <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm font-medium text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100">
          <Trans>Clean: every pairing, colour, bye and rank agrees with the file.</Trans>
        </p>
      ) : (
        <>
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
            {t`${plural(discrepancies, { one: '# discrepancy', other: '# discrepancies' })}`}
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-start text-sm">
              <caption className="sr-only">
                <Trans>Discrepancies</Trans>
              </caption>
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-700">
                  <th scope="col" className="py-1 pe-3">
                    <Trans comment="Column heading: where in the file a discrepancy is.">Where</Trans>
                  </th>
                  <th scope="col" className="py-1 pe-3">
                    <Trans comment="Column heading: the pairing rule a discrepancy is about.">Rule</Trans>
                  </th>
                  <th scope="col" className="py-1">
                    <Trans>What differs</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.discrepancies.map((d, index) => (
                  <tr key={index} className="border-b border-slate-100 align-top dark:border-slate-800">
                    <td className="py-1 pe-3 whitespace-nowrap">
                      <Where round={d.round} board={d.board} />
                    </td>
                    <td className="py-1 pe-3">{d.rule}</td>
                    <td className="py-1">{d.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
};
