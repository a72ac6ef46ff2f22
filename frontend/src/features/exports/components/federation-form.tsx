import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { type ExportSummary, type FederationData, type MissingItem, useSetFederationData } from '@/features/exports/api/exports';
import { DownloadButton } from '@/features/exports/components/download-button';
import { EventField } from '@/features/exports/components/event-field';
import { ExportStatus } from '@/features/exports/components/export-status';
import { PlayersTable, type TableView } from '@/features/exports/components/players-table';
import type { FederationConfig } from '@/features/exports/types/federations';
import { bodyOf, type ExportFormValues, formValuesOf, placeErrors } from '@/features/exports/types/form-values';
import { ApiError, errorMessage } from '@/lib/api-error';

type FederationFormProps = {
  tournamentId: number;
  config: FederationConfig;
  summary: ExportSummary;
  /** The data as last read: its `missing`, `finished` and `ready` are shown as they come. */
  data: FederationData;
};

/**
 * One federation's data: the event's values, each player's, Save (a PUT of everything, whose
 * refusals land next to their fields and rows) and the download, with what stands in its way.
 */
export const FederationForm = ({ tournamentId, config, summary, data }: FederationFormProps) => {
  const { t } = useLingui();
  // The rows the form was filled from: a background refetch updates what is missing, never what
  // the user is typing (the form is reset only by its own save).
  const [base, setBase] = useState(data);
  const defaults = useMemo(() => formValuesOf(config, base), [config, base]);
  const form = useForm<ExportFormValues>({ defaultValues: defaults });
  const { register, formState, setError } = form;
  const save = useSetFederationData(tournamentId, config.code);
  const [formError, setFormError] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [view, setView] = useState<TableView>({ filter: '', onlyOpen: false, allFields: false });
  const root = useRef<HTMLFormElement>(null);
  const entryIds = useMemo(() => base.entries.map((entry) => entry.entry), [base]);
  const dirty = formState.isDirty;

  // Leaving the page with unsaved values asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Called after the render that shows the field (flushSync): a row hidden by the filter, or a
  // column shown on demand, is there by then.
  const focusField = (name: string) => {
    const target = root.current?.querySelector<HTMLElement>(`[name="${name}"]`);
    target?.scrollIntoView?.({ block: 'center' });
    target?.focus();
  };

  const missing = useMemo(() => {
    const byEntry = new Map<number, Set<string>>();
    for (const item of data.missing) if (item.entry !== null) byEntry.set(item.entry, (byEntry.get(item.entry) ?? new Set()).add(item.field));
    return byEntry;
  }, [data.missing]);
  const missingOfEvent = useMemo(() => new Set(data.missing.filter((item) => item.entry === null).map((item) => item.field)), [data.missing]);

  const goTo = (item: MissingItem) => {
    if (item.entry === null) {
      focusField(`event.${item.field}`);
      return;
    }
    const index = entryIds.indexOf(item.entry);
    if (index < 0) return;
    const more = config.moreColumns.some((field) => field.name === item.field);
    flushSync(() => setView({ filter: '', onlyOpen: false, allFields: view.allFields || more }));
    focusField(`entries.${index}.${item.field}`);
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    setRowErrors({});
    setNotice(null);
    try {
      const saved = await save.mutateAsync(bodyOf(config, values, entryIds));
      setBase(saved);
      form.reset(formValuesOf(config, saved));
      const left = saved.missing.length;
      setNotice(
        saved.ready
          ? t`Saved. Ready to download.`
          : left
            ? t`${plural(left, { one: 'Saved. # still to fill in.', other: 'Saved. # still to fill in.' })}`
            : t({ message: 'Saved.', comment: "the federation's data was saved" }),
      );
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFormError(errorMessage(error));
        return;
      }
      const placed = placeErrors(config, error.fields, entryIds.length);
      const targets = [
        ...Object.keys(placed.event).map((name) => `event.${name}`),
        ...Object.entries(placed.rows).flatMap(([index, fields]) =>
          Object.keys(fields)
            .filter((name) => name !== 'entry')
            .map((name) => `entries.${index}.${name}`),
        ),
      ];
      const onRows = Object.fromEntries(
        Object.entries(placed.rows).flatMap(([index, fields]) => (fields.entry ? [[Number(index), fields.entry]] : [])),
      ) as Record<number, string>;
      const hiddenColumn = Object.values(placed.rows).some((fields) => config.moreColumns.some((field) => field.name in fields));
      const count = targets.length + Object.keys(onRows).length;
      // Shown in one render (a row with a message is never filtered out), then the first is focused.
      flushSync(() => {
        for (const [name, message] of Object.entries(placed.event)) setError(`event.${name}`, { type: 'server', message });
        for (const [index, fields] of Object.entries(placed.rows))
          for (const [name, message] of Object.entries(fields))
            if (name !== 'entry') setError(`entries.${Number(index)}.${name}`, { type: 'server', message });
        setRowErrors(onRows);
        if (hiddenColumn) setView((current) => ({ ...current, allFields: true }));
        setFormError(
          placed.others.length > 0
            ? [error.message, ...placed.others].join(' ')
            : count > 0
              ? t`${plural(count, { one: 'Not saved: # value needs correcting, shown next to it.', other: 'Not saved: # values need correcting, shown next to each.' })}`
              : error.message,
        );
      });
      if (targets[0]) focusField(targets[0]);
    }
  }, () => setFormError(t`Not saved: correct the values marked in red.`));

  const missingCount = data.missing.length;
  const blocked = dirty
    ? t`Save your changes first.`
    : !data.finished
      ? t`Opens after the last round.`
      : missingCount > 0
        ? t`${plural(missingCount, { one: '# thing to fill in first (listed above).', other: '# things to fill in first (listed above).' })}`
        : null;

  return (
    <form ref={root} onSubmit={(event) => void submit(event)} noValidate className="flex min-w-0 flex-col gap-6">
      <ExportStatus name={summary.name} config={config} finished={data.finished} ready={data.ready} missing={data.missing} onGo={goTo} />

      {config.eventGroups.map((group) => (
        <fieldset key={group.legend.id} className="flex min-w-0 flex-col gap-3">
          <legend className="mb-2 text-base font-semibold">{t(group.legend)}</legend>
          <div className="grid min-w-0 gap-x-4 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
            {group.fields.map((field) => (
              <EventField
                key={field.name}
                field={field}
                registration={register(`event.${field.name}`)}
                error={formState.errors.event?.[field.name]?.message}
                missing={missingOfEvent.has(field.name)}
              />
            ))}
          </div>
        </fieldset>
      ))}

      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-2 text-base font-semibold">
          <Trans>Players</Trans>
        </legend>
        <PlayersTable
          config={config}
          entries={base.entries}
          saved={defaults.entries}
          register={register}
          errors={formState.errors}
          rowErrors={rowErrors}
          missing={missing}
          view={view}
          onView={setView}
        />
      </fieldset>

      <div className="sticky bottom-0 z-10 -mx-2 flex flex-col gap-1 border-t border-slate-200 bg-white/95 px-2 py-2 backdrop-blur dark:border-slate-700 dark:bg-slate-950/95">
        <FormError message={formError} />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
          </Button>
          <span aria-live="polite" className="text-sm text-slate-600 empty:hidden dark:text-slate-400">
            {dirty ? <Trans>Unsaved changes.</Trans> : notice}
          </span>
          <DownloadButton
            tournamentId={tournamentId}
            code={config.code}
            name={summary.name}
            url={summary.download_url}
            files={summary.files}
            describe={t(config.download)}
            blocked={blocked}
          />
        </div>
      </div>
    </form>
  );
};
