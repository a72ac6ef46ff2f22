import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { auditCsvName, auditCsvUrl, type AuditEntry, useAuditPage } from '@/features/swiss-arbiter/api/audit';
import type { ArbitratedEvent } from '@/lib/swiss/types';
import { auditChanges, auditSentence } from '@/features/swiss-arbiter/types/audit-sentences';
import { formatDateTime } from '@/lib/swiss/display';

const PAGE_SIZE = 50; // the server's page (arbiter/common/pagination.py)

/** One action: what was done in a sentence, when and by whom, and the stored values on demand. */
const AuditItem = ({ entry }: { entry: AuditEntry }) => {
  const changes = entry.before == null && entry.after == null ? [] : auditChanges(entry);
  return (
    <li className="flex min-w-0 flex-col gap-0.5 border-b border-slate-200 py-2 dark:border-slate-700">
      <p className="[overflow-wrap:anywhere]">{auditSentence(entry)}</p>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {formatDateTime(entry.at)} · {entry.actor ? `by ${entry.actor}` : 'by the server'}
      </p>
      {changes.length > 0 && (
        <details className="text-xs">
          <summary className="cursor-pointer text-slate-600 dark:text-slate-400">Details</summary>
          <dl className="mt-1 flex flex-col gap-1">
            {changes.map((change) => (
              <div key={change.field} className="flex flex-col">
                <dt className="font-medium">{change.field}</dt>
                <dd className="[overflow-wrap:anywhere]">
                  {change.before} → {change.after}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-1 text-slate-500">Code: {entry.action}</p>
        </details>
      )}
    </li>
  );
};

/** Every arbiter's and leader's action on the event (an individual or a team event: one log
 * shape, one list of actions), newest first, in sentences; read when opened. */
export const AuditLog = ({ event }: { event: ArbitratedEvent }) => {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const log = useAuditPage(event, page, open);
  const pages = Math.max(1, Math.ceil((log.data?.count ?? 0) / PAGE_SIZE));
  return (
    <details className="flex min-w-0 flex-col gap-2" onToggle={(toggle) => setOpen(toggle.currentTarget.open)}>
      <summary className="cursor-pointer font-semibold">Audit log</summary>
      <div className="mt-2 flex flex-col gap-2">
        <a href={auditCsvUrl(event)} download={auditCsvName(event)} className="self-start text-sm underline">
          Download the audit log (CSV)
        </a>
        {log.data && log.data.results.length === 0 && <p className="text-sm">No arbiter action yet.</p>}
        {log.data && log.data.results.length > 0 && (
          <ol aria-label="Audit log" className="flex flex-col text-sm">
            {log.data.results.map((entry) => (
              <AuditItem key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
        {pages > 1 && (
          <div className="flex items-center gap-2 text-sm">
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Newer
            </Button>
            Page {page} of {pages}
            <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Older
            </Button>
          </div>
        )}
      </div>
    </details>
  );
};
