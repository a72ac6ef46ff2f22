import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, useId, useRef } from 'react';
import { Link, useSearchParams } from 'wouter';

import { QueryBoundary } from '@/components/ui/query-boundary';
import { SignedInOnly } from '@/components/ui/sign-in-prompt';
import { type ExportSummary, useEventName, useExports, useFederationData } from '@/features/exports/api/exports';
import { DownloadButton } from '@/features/exports/components/download-button';
import { ExportStatus } from '@/features/exports/components/export-status';
import { FederationForm } from '@/features/exports/components/federation-form';
import { FEDERATIONS, isKnownFederation } from '@/features/exports/types/federations';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-error';
import { useMe } from '@/lib/auth';

/** The national federations' rating reports of an event, for its leaders. */
export const ExportsPage = ({ tournamentId }: { tournamentId: number }) => {
  const { t } = useLingui();
  const me = useMe();
  const eventName = useEventName(tournamentId);
  const exports = useExports(tournamentId, Boolean(me.data));
  const name = eventName.data;
  usePageTitle(name ? t`Federation exports: ${name}` : t`Federation exports`);
  const refused = exports.error instanceof ApiError && [401, 403, 404].includes(exports.error.status) ? exports.error : null;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold break-words">{name ? <Trans>Federation exports: {name}</Trans> : <Trans>Federation exports</Trans>}</h1>
        <Link to={`/swiss/${tournamentId}`} className="self-start text-sm underline">
          <Trans>Back to the event</Trans>
        </Link>
      </div>
      <SignedInOnly action={t({ message: 'enter the federation exports', comment: 'completes "Log in to …"' })}>
        {refused ? (
          <p role="alert" className="text-sm">
            {refused.message}
          </p>
        ) : (
          <QueryBoundary
            query={exports}
            loadingLabel={t`Loading the exports…`}
            isEmpty={(list) => list.length === 0}
            empty={<Trans>No federation export is available.</Trans>}
          >
            {(list) => <ExportTabs tournamentId={tournamentId} exports={list} />}
          </QueryBoundary>
        )}
      </SignedInOnly>
    </div>
  );
};

/** One tab per federation (the chosen one in the URL: `?federation=us-chess`). Every panel stays
 * mounted, hidden when not chosen, so values typed in one are not lost by looking at another. */
const ExportTabs = ({ tournamentId, exports }: { tournamentId: number; exports: ExportSummary[] }) => {
  const { t } = useLingui();
  const baseId = useId();
  /** A tab's badge: ready, not finished, or how many values are missing. */
  const badgeOf = (summary: ExportSummary): { text: string; className: string } => {
    const count = summary.missing.length;
    return summary.ready
      ? { text: t({ message: 'Ready', comment: 'an export ready to download' }), className: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100' }
      : !summary.finished
        ? { text: t`Not finished`, className: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100' }
        : {
            text: t({ message: plural(count, { one: '# missing', other: '# missing' }), comment: 'values an export still needs' }),
            className: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
          };
  };
  const [params, setParams] = useSearchParams();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const asked = params.get('federation');
  const selected = exports.some((summary) => summary.code === asked) ? asked : exports[0]?.code;
  const choose = (code: string) => setParams({ federation: code }, { replace: true });
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    // The tabs run in the page's direction: right to left, ← is the next one.
    const forward = getComputedStyle(event.currentTarget).direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const step = event.key === forward ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowRight' ? -1 : 0;
    const target = event.key === 'Home' ? 0 : event.key === 'End' ? exports.length - 1 : step ? (index + step + exports.length) % exports.length : null;
    if (target === null) return;
    event.preventDefault();
    choose(exports[target]!.code);
    tabs.current[target]?.focus();
  };
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div role="tablist" aria-label={t`Federations`} className="flex flex-wrap gap-2 border-b border-slate-200 pb-2 dark:border-slate-700">
        {exports.map((summary, index) => {
          const badge = badgeOf(summary);
          return (
            <button
              key={summary.code}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${summary.code}`}
              aria-selected={summary.code === selected}
              aria-controls={`${baseId}-panel-${summary.code}`}
              tabIndex={summary.code === selected ? 0 : -1}
              onClick={() => choose(summary.code)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className="flex items-center gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 aria-selected:border-emerald-700 aria-selected:bg-emerald-50 dark:border-slate-600 dark:hover:bg-slate-800 dark:aria-selected:border-emerald-500 dark:aria-selected:bg-emerald-950"
            >
              {summary.name}
              <span className={`rounded px-1.5 text-xs font-semibold ${badge.className}`}>{badge.text}</span>
            </button>
          );
        })}
      </div>
      {exports.map((summary) => (
        <div
          key={summary.code}
          role="tabpanel"
          id={`${baseId}-panel-${summary.code}`}
          aria-labelledby={`${baseId}-tab-${summary.code}`}
          hidden={summary.code !== selected}
          className="flex min-w-0 flex-col gap-4"
        >
          <div className="flex flex-col gap-1">
            <h2 className="text-xl font-semibold">{summary.name}</h2>
            <p className="max-w-3xl text-sm text-slate-700 dark:text-slate-300">{summary.summary}</p>
          </div>
          {isKnownFederation(summary.code) ? (
            <KnownFederation tournamentId={tournamentId} code={summary.code} summary={summary} />
          ) : (
            <UnknownFederation tournamentId={tournamentId} summary={summary} />
          )}
        </div>
      ))}
    </div>
  );
};

const KnownFederation = ({ tournamentId, code, summary }: { tournamentId: number; code: keyof typeof FEDERATIONS; summary: ExportSummary }) => {
  const { t } = useLingui();
  const data = useFederationData(tournamentId, code);
  const { name } = summary;
  return (
    <QueryBoundary query={data} loadingLabel={t`Loading the ${name} data…`}>
      {(loaded) => <FederationForm tournamentId={tournamentId} config={FEDERATIONS[code]} summary={summary} data={loaded} />}
    </QueryBoundary>
  );
};

/** A federation the server has and this page does not know yet: what it needs, and its file. */
const UnknownFederation = ({ tournamentId, summary }: { tournamentId: number; summary: ExportSummary }) => {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-3">
      <ExportStatus name={summary.name} config={null} finished={summary.finished} ready={summary.ready} missing={summary.missing} />
      <p className="text-sm">
        <Trans>This page cannot enter this federation&apos;s data yet.</Trans>
      </p>
      <DownloadButton
        tournamentId={tournamentId}
        code={summary.code}
        name={summary.name}
        url={summary.download_url}
        files={summary.files}
        blocked={summary.ready ? null : summary.finished ? t`Something is missing (listed above).` : t`Opens after the last round.`}
      />
    </div>
  );
};
