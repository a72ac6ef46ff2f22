import { Trans } from '@lingui/react/macro';

import { errorMessage } from '@/lib/api-error';

type ErrorMessageProps = { error: unknown; onRetry?: () => void };

export const ErrorMessage = ({ error, onRetry }: ErrorMessageProps) => (
  <div
    role="alert"
    className="flex flex-wrap items-center gap-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
  >
    <span>{errorMessage(error)}</span>
    {onRetry && (
      <button type="button" onClick={onRetry} className="font-medium underline">
        <Trans>Try again</Trans>
      </button>
    )}
  </div>
);
