import { eventSlug } from '@/lib/swiss/display';
import type { Tournament } from '@/lib/swiss/types';

type TrfFormat = 'trf26' | 'trf16' | 'trfx';

const LABELS: Record<TrfFormat, string> = {
  trf26: 'Download TRF',
  trf16: 'Download TRF-16',
  trfx: 'Download extended TRF',
};

/** A plain download link, saved as `<event-slug>-<format>.trf` (the API's Content-Disposition
 * gives the same name). `trfx` is the extended file the pairing engines and FIDE's checkers read. */
export const TrfExportButton = ({ tournament, format = 'trf26' }: { tournament: Pick<Tournament, 'id' | 'name'>; format?: TrfFormat }) => (
  <a
    href={`/api/tournaments/swiss/${tournament.id}/export/trf/${format === 'trf26' ? '' : `?format=${format}`}`}
    download={`${eventSlug(tournament)}-${format}.trf`}
    className="inline-flex items-center rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:border-slate-600 dark:hover:bg-slate-800"
  >
    {LABELS[format]}
  </a>
);
