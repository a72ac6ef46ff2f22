type TrfFormat = 'trf26' | 'trf16' | 'trfx';

const LABELS: Record<TrfFormat, string> = {
  trf26: 'Download TRF',
  trf16: 'Download TRF-16',
  trfx: 'Download extended TRF',
};

/** A plain download link: the API answers the file (TRF-2026 by default) with its own name.
 * `trfx` is the extended file the pairing engines and FIDE's checkers read. */
export const TrfExportButton = ({ tournamentId, format = 'trf26' }: { tournamentId: number; format?: TrfFormat }) => (
  <a
    href={`/api/tournaments/swiss/${tournamentId}/export/trf/${format === 'trf26' ? '' : `?format=${format}`}`}
    download
    className="inline-flex items-center rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:border-slate-600 dark:hover:bg-slate-800"
  >
    {LABELS[format]}
  </a>
);
