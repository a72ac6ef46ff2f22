import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

import { eventSlug } from '@/lib/swiss/display';
import type { Tournament } from '@/lib/swiss/types';

type TrfFormat = 'trf26' | 'trf16' | 'trfx';

const LABELS: Record<TrfFormat, MessageDescriptor> = {
  trf26: msg({ message: 'Download TRF', comment: 'TRF: FIDE’s tournament report file (a name, kept as it is)' }),
  trf16: msg({ message: 'Download TRF-16', comment: 'TRF-16: the 2016 version of FIDE’s tournament report file' }),
  trfx: msg({ message: 'Download extended TRF', comment: 'the TRF with the extensions pairing engines read' }),
};

/** A plain download link, saved as `<event-slug>-<format>.trf` (the API's Content-Disposition
 * gives the same name). `trfx` is the extended file the pairing engines and FIDE's checkers read. */
export const TrfExportButton = ({ tournament, format = 'trf26' }: { tournament: Pick<Tournament, 'id' | 'name'>; format?: TrfFormat }) => {
  const { t } = useLingui();
  return (
    <a
      href={`/api/tournaments/swiss/${tournament.id}/export/trf/${format === 'trf26' ? '' : `?format=${format}`}`}
      download={`${eventSlug(tournament)}-${format}.trf`}
      className="inline-flex items-center rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:border-slate-600 dark:hover:bg-slate-800"
    >
      {t(LABELS[format])}
    </a>
  );
};
