import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { auditCsvUrl, type AuditEntry, useAuditPage } from '@/features/tournaments/api/audit';
import { formatDateTime } from '@/features/tournaments/types/display';

const PAGE_SIZE = 50; // the server's page (arbiter/common/pagination.py)

const change = (entry: AuditEntry): string => {
  const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));
  return `${show(entry.before)} → ${show(entry.after)}`;
};

/** Every arbiter's and leader's action on the event, newest first; read when opened. */
export const AuditLog = ({ tournamentId }: { tournamentId: number }) => {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const log = useAuditPage(tournamentId, page, open);
  const pages = Math.max(1, Math.ceil((log.data?.count ?? 0) / PAGE_SIZE));
  return (
    <details className="flex flex-col gap-2" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer font-semibold">Audit log</summary>
      <div className="mt-2 flex flex-col gap-2">
        <a href={auditCsvUrl(tournamentId)} download={`audit-${tournamentId}.csv`} className="self-start text-sm underline">
          Download the audit log (CSV)
        </a>
        {log.data && log.data.results.length === 0 && <p className="text-sm">No arbiter action yet.</p>}
        {log.data && log.data.results.length > 0 && (
          <div className="overflow-x-auto">
            <table aria-label="Audit log" className="w-full border-collapse text-sm">
              <thead>
                <tr className="border-b border-slate-400 text-left [&>th]:py-1 [&>th]:pr-3">
                  <th>When</th>
                  <th>Who</th>
                  <th>Action</th>
                  <th>On</th>
                  <th>Before → after</th>
                </tr>
              </thead>
              <tbody>
                {log.data.results.map((entry) => (
                  <tr key={entry.id} className="border-b border-slate-200 align-top dark:border-slate-700 [&>td]:py-1 [&>td]:pr-3">
                    <td className="whitespace-nowrap">{formatDateTime(entry.at)}</td>
                    <td className="break-all">{entry.actor || 'server'}</td>
                    <td className="whitespace-nowrap">{entry.action}</td>
                    <td className="min-w-32 break-words">{entry.subject}</td>
                    <td className="font-mono text-xs break-all">{change(entry)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
