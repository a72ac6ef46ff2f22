import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';

import { QueryBoundary } from '@/components/ui/query-boundary';
import { SignedInOnly } from '@/components/ui/sign-in-prompt';
import { type RatingReport, useRatingReport } from '@/features/rating-report/api/rating-report';
import { eventPath, type ReportTarget, trf2026Url } from '@/features/rating-report/api/report-target';
import { EntryFieldEditor } from '@/features/rating-report/components/entry-field-editor';
import { EventFideDataForm } from '@/features/rating-report/components/event-fide-data-form';
import { RatedGamesTable } from '@/features/rating-report/components/rated-games-table';
import { TeamClockForm } from '@/features/rating-report/components/team-clock-form';
import {
  countText,
  editorPlaces,
  EVENT_DATA_FIELDS,
  FIELD_LABELS,
  type Finding,
  groupFindings,
  type PlayerFindings,
} from '@/features/rating-report/types/findings';
import { usePageTitle } from '@/hooks/use-page-title';
import { useMe } from '@/lib/auth';

const linkClass =
  'inline-flex items-center rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:border-slate-600 dark:hover:bg-slate-800';

/** What FIDE's rating officer would send back about an event (individual or team), for its leaders. */
export const RatingReportPage = ({ target }: { target: ReportTarget }) => {
  const { t } = useLingui();
  const me = useMe();
  const report = useRatingReport(target, Boolean(me.data));
  const name = report.data?.tournament.name;
  usePageTitle(name ? t`Rating report: ${name}` : t`Rating report`);
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold break-words">{name ? t`FIDE rating report: ${name}` : t`FIDE rating report`}</h1>
        <Link to={eventPath(target)} className="self-start text-sm underline">
          <Trans>Back to the event</Trans>
        </Link>
      </div>
      <SignedInOnly action={t({ message: 'see the rating report', comment: 'Completes "Log in to …".' })}>
        <QueryBoundary query={report} loadingLabel={t`Checking the tournament report…`}>
          {(data) => <ReportView target={target} report={data} />}
        </QueryBoundary>
      </SignedInOnly>
    </div>
  );
};

const ReportView = ({ target, report }: { target: ReportTarget; report: RatingReport }) => {
  const { t } = useLingui();
  const [notice, setNotice] = useState<string | null>(null);
  const event = report.tournament;
  const grouped = groupFindings(report.findings, report.players);
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <p className="max-w-3xl text-sm text-slate-600 dark:text-slate-300">
        <Trans>
          Every check FIDE&apos;s rating officer and rating server make on the tournament report (TRF-2026) this event exports now.
          Correct each line here; the report is checked again after every save.
        </Trans>
      </p>
      <Summary target={target} report={report} />
      <div aria-live="polite" className="text-sm empty:hidden">
        {notice}
      </div>

      <section aria-labelledby="report-event" className="flex flex-col gap-3">
        <h2 id="report-event" className="text-lg font-semibold">
          <Trans>The event</Trans>
        </h2>
        {grouped.event.length === 0 ? (
          <p className="text-sm">
            <Trans>Nothing to correct in the event&apos;s data.</Trans>
          </p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label={t`The event's findings`}>
            {grouped.event.map((finding, index) => (
              <FindingItem
                key={index}
                finding={finding}
                hint={
                  EVENT_DATA_FIELDS.has(finding.field) || (target.kind === 'team-swiss' && finding.field === 'time_control')
                    ? t`Corrected in the form below.`
                    : undefined
                }
              />
            ))}
          </ul>
        )}
        <details
          className="rounded-md border border-slate-200 p-3 dark:border-slate-700"
          open={grouped.event.some((f) => EVENT_DATA_FIELDS.has(f.field))}
        >
          <summary className="cursor-pointer text-sm font-semibold">
            <Trans>The event&apos;s FIDE data: place, federation, arbiters</Trans>
          </summary>
          <div className="mt-3">
            <EventFideDataForm target={target} event={event} onSaved={setNotice} />
          </div>
        </details>
        {target.kind === 'team-swiss' && (
          <details
            className="rounded-md border border-slate-200 p-3 dark:border-slate-700"
            open={grouped.event.some((f) => f.field === 'time_control')}
          >
            <summary className="cursor-pointer text-sm font-semibold">
              <Trans comment="TRF records 122 and 222.">The rate of play (122, 222)</Trans>
            </summary>
            <div className="mt-3">
              <TeamClockForm target={target} onSaved={setNotice} />
            </div>
          </details>
        )}
      </section>

      <section aria-labelledby="report-players" className="flex flex-col gap-3">
        <h2 id="report-players" className="text-lg font-semibold">
          <Trans>Players</Trans>
        </h2>
        {grouped.players.length === 0 ? (
          <p className="text-sm">
            <Trans>Nothing to correct in the players&apos; data.</Trans>
          </p>
        ) : (
          grouped.players.map((group) => (
            <PlayerGroup key={group.key} group={group} target={target} onSaved={setNotice} />
          ))
        )}
      </section>

      <RatedGamesTable players={report.players} total={report.rated_games} />
    </div>
  );
};

const Summary = ({ target, report }: { target: ReportTarget; report: RatingReport }) => {
  const { t } = useLingui();
  const counts = countText(report.error_count, report.warning_count);
  const running = report.tournament.status !== 'finished';
  const warnings = report.warning_count;
  const errors = report.error_count;
  const games = report.rated_games;
  return (
    <div className="flex flex-col gap-2">
      {report.clean ? (
        <div
          role="status"
          className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
        >
          <p className="font-semibold">
            <Trans>Nothing the rating officer would reject.</Trans>
          </p>
          <p>
            {warnings > 0
              ? `${t`${plural(warnings, { one: '# warning worth a look below.', other: '# warnings worth a look below.' })}`} `
              : ''}
            {t`${plural(games, { one: '# game for FIDE to rate.', other: '# games for FIDE to rate.' })}`}
          </p>
        </div>
      ) : (
        <div
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-semibold">
            {t`${plural(errors, { one: '# thing the rating officer would reject', other: '# things the rating officer would reject' })}`}
          </p>
          <p>
            {t({
              message: `${counts}; ${plural(games, { one: '# game for FIDE to rate.', other: '# games for FIDE to rate.' })}`,
              comment: '{counts} is "2 errors, 1 warning".',
            })}
          </p>
        </div>
      )}
      {running && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>The event has not finished: this is the report on its file as it stands now.</Trans>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <a href={trf2026Url(target)} download className={linkClass}>
          <Trans>Download TRF-2026</Trans>
        </a>
      </div>
    </div>
  );
};

const FindingItem = ({ finding, hint, children }: { finding: Finding; hint?: string; children?: ReactNode }) => {
  const { t } = useLingui();
  const error = finding.severity === 'error';
  const label = t(FIELD_LABELS[finding.field]);
  const message = finding.message;
  const rule = finding.rule;
  return (
    <li
      className={`flex min-w-0 flex-col gap-1 border-s-4 py-1 ps-3 ${error ? 'border-red-600 dark:border-red-500' : 'border-amber-500 dark:border-amber-400'}`}
    >
      <p className="text-sm break-words">
        <span
          className={`me-2 inline-block rounded px-1.5 text-xs font-semibold uppercase ${
            error ? 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200' : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100'
          }`}
        >
          {error ? <Trans comment="A finding's severity.">Error</Trans> : <Trans comment="A finding's severity.">Warning</Trans>}
        </span>
        <Trans comment="A finding of the rating report: what it is about, then the message.">
          <span className="font-medium">{label}:</span> {message}
        </Trans>
      </p>
      <p className="text-xs break-words text-slate-600 dark:text-slate-400">
        {t({ message: `Rule: ${rule}`, comment: "The code of the check's rule." })}
        {hint ? ` ${hint}` : ''}
      </p>
      {children}
    </li>
  );
};

const PlayerGroup = ({ group, target, onSaved }: { group: PlayerFindings; target: ReportTarget; onSaved: (text: string) => void }) => {
  const { t } = useLingui();
  const places = editorPlaces(group.findings);
  const player = group.player;
  const fideId = player?.fide_id;
  const rating = player?.rating;
  const facts = player
    ? [fideId && t`FIDE ID ${fideId}`, player.federation, player.birth_year, rating ? t`rated ${rating}` : t`unrated`]
        .filter(Boolean)
        .join(' · ')
    : '';
  return (
    <article aria-label={group.name} className="flex min-w-0 flex-col gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <h3 className="font-semibold break-words">
        {group.startNumber !== null && <span className="me-1 text-slate-500 dark:text-slate-400">{group.startNumber}.</span>}
        {group.name}
        {player?.username && <span className="ms-2 text-sm font-normal text-slate-500 dark:text-slate-400">@{player.username}</span>}
      </h3>
      {facts && <p className="text-xs text-slate-600 dark:text-slate-400">{facts}</p>}
      <ul className="flex flex-col gap-2">
        {group.findings.map((finding, index) => {
          const field = places.get(finding);
          return (
            <FindingItem key={index} finding={finding}>
              {field && player && <EntryFieldEditor target={target} player={player} field={field} onSaved={onSaved} />}
            </FindingItem>
          );
        })}
      </ul>
    </article>
  );
};
