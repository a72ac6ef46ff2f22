import { useLingui } from '@lingui/react/macro';

export const Spinner = ({ label }: { label?: string }) => {
  const { t } = useLingui();
  return (
    <div role="status" className="flex items-center gap-2 p-4 text-sm text-slate-500 dark:text-slate-400">
      <span
        aria-hidden="true"
        className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
      />
      {label ?? t`Loading…`}
    </div>
  );
};
