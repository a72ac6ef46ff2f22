import type { TrfCheckReport } from '@/features/tools/api/check-trf';

const where = (round: number, board: number) => {
  if (round === 0) return 'Standings';
  return board === 0 ? `Round ${round}` : `Round ${round}, board ${board}`;
};

/** The checker's verdict and, when the file differs from our engine, one row per discrepancy. */
export const TrfCheckReportView = ({ report, fileName }: { report: TrfCheckReport; fileName: string }) => {
  const order = report.tiebreaks.length ? report.tiebreaks.join(', ') : 'none declared';
  return (
    <section aria-labelledby="trf-check-report" className="flex flex-col gap-3">
      <h2 id="trf-check-report" className="text-lg font-semibold">
        Report on {fileName}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {report.rounds_checked} rounds re-paired by our engine; tie-breaks: {order}.
      </p>
      {report.clean ? (
        <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm font-medium text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100">
          Clean: every pairing, colour, bye and rank agrees with the file.
        </p>
      ) : (
        <>
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
            {report.discrepancies.length} {report.discrepancies.length === 1 ? 'discrepancy' : 'discrepancies'}
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Discrepancies</caption>
              <thead>
                <tr className="border-b border-slate-200 dark:border-slate-700">
                  <th scope="col" className="py-1 pr-3">
                    Where
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Rule
                  </th>
                  <th scope="col" className="py-1">
                    What differs
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.discrepancies.map((d, index) => (
                  <tr key={index} className="border-b border-slate-100 align-top dark:border-slate-800">
                    <td className="py-1 pr-3 whitespace-nowrap">{where(d.round, d.board)}</td>
                    <td className="py-1 pr-3">{d.rule}</td>
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
