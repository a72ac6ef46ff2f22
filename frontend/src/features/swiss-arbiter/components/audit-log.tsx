import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { auditCsvName, auditCsvUrl, type AuditEntry, useAuditPage } from '@/features/swiss-arbiter/api/audit';
import type { ArbitratedEvent } from '@/lib/swiss/types';
import { auditChanges, auditSentence } from '@/features/swiss-arbiter/types/audit-sentences';
import { useForwardArrow } from '@/features/swiss-arbiter/hooks/use-forward-arrow';
import { dateTimeText } from '@/lib/i18n/format';

const PAGE_SIZE = 50; // the server's page (arbiter/common/pagination.py)

/** One action: what was done in a sentence, when and by whom, and the stored values on demand. */
const AuditItem = ({ entry }: { entry: AuditEntry }) => {
  const { t } = useLingui();
  const arrow = useForwardArrow();
  const actor = entry.actor;
  const action = entry.action;
  const changes = entry.before == null && entry.after == null ? [] : auditChanges(entry);
  return (
    <li className="flex min-w-0 flex-col gap-0.5 border-b border-slate-200 py-2 dark:border-slate-700">
      <p className="[overflow-wrap:anywhere]">{auditSentence(entry)}</p>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {dateTimeText(entry.at)} · {actor ? t`by ${actor}` : t`by the server`}
      </p>
      {changes.length > 0 && (
        <details className="text-xs">
          <summary className="cursor-pointer text-slate-600 dark:text-slate-400">
            <Trans>Details</Trans>
          </summary>
          <dl className="mt-1 flex flex-col gap-1">
            {changes.map((change) => (
              <div key={change.field} className="flex flex-col">
                <dt className="font-medium">{change.field}</dt>
                <dd className="[overflow-wrap:anywhere]">
                  {change.before} {arrow} {change.after}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-1 text-slate-500">
            <Trans comment="the audit action's code, as the CSV has it">Code: {action}</Trans>
          </p>
        </details>
      )}
    </li>
  );
};

/** Every arbiter's and leader's action on the event (an individual or a team event: one log
 * shape, one list of actions), newest first, in sentences; read when opened. */
export const AuditLog = ({ event }: { event: ArbitratedEvent }) => {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const log = useAuditPage(event, page, open);
  const pages = Math.max(1, Math.ceil((log.data?.count ?? 0) / PAGE_SIZE));
  return (
    <details className="flex min-w-0 flex-col gap-2" onToggle={(toggle) => setOpen(toggle.currentTarget.open)}>
      <summary className="cursor-pointer font-semibold">
        <Trans>Audit log</Trans>
      </summary>
      <div className="mt-2 flex flex-col gap-2">
        <a href={auditCsvUrl(event)} download={auditCsvName(event)} className="self-start text-sm underline">
          <Trans>Download the audit log (CSV)</Trans>
        </a>
        {log.data && log.data.results.length === 0 && <p className="text-sm">
            <Trans>No arbiter action yet.</Trans>
          </p>}
        {log.data && log.data.results.length > 0 && (
          <ol aria-label={t`Audit log`} className="flex flex-col text-sm">
            {log.data.results.map((entry) => (
              <AuditItem key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
        {pages > 1 && (
          <div className="flex items-center gap-2 text-sm">
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              <Trans comment="the audit log's newer page">Newer</Trans>
            </Button>
            <Trans>
              Page {page} of {pages}
            </Trans>
            <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              <Trans comment="the audit log's older page">Older</Trans>
            </Button>
          </div>
        )}
      </div>
    </details>
  );
};
