import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

import type { LiveStatus } from '@/features/swiss-event/hooks/use-swiss-live';

const LABELS: Record<LiveStatus, MessageDescriptor> = {
  connecting: msg({ message: 'Connecting…', comment: 'the live connection of an event page' }),
  open: msg({ message: 'Live', comment: 'the event page is kept up to date as it happens' }),
  reconnecting: msg({ message: 'Reconnecting…', comment: 'the live connection of an event page' }),
};

/** Quiet while the socket is up; says "Reconnecting…" while it is down. */
export const SwissLiveStatus = ({ status }: { status: LiveStatus }) => {
  const { t } = useLingui();
  return (
    <div role="status" className="flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
      <span
        aria-hidden="true"
        className={`size-2 rounded-full ${status === 'open' ? 'bg-emerald-500' : status === 'reconnecting' ? 'animate-pulse bg-amber-500' : 'bg-slate-400'}`}
      />
      {t(LABELS[status])}
    </div>
  );
};
