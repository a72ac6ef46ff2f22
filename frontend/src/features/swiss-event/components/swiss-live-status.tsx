import type { LiveStatus } from '@/features/swiss-event/hooks/use-swiss-live';

const LABELS: Record<LiveStatus, string> = { connecting: 'Connecting…', open: 'Live', reconnecting: 'Reconnecting…' };

/** Quiet while the socket is up; says "Reconnecting…" while it is down. */
export const SwissLiveStatus = ({ status }: { status: LiveStatus }) => (
  <div role="status" className="flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
    <span
      aria-hidden="true"
      className={`size-2 rounded-full ${status === 'open' ? 'bg-emerald-500' : status === 'reconnecting' ? 'animate-pulse bg-amber-500' : 'bg-slate-400'}`}
    />
    {LABELS[status]}
  </div>
);
