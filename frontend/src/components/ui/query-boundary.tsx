import type { ReactNode } from 'react';

import { EmptyState } from '@/components/ui/empty-state';
import { ErrorMessage } from '@/components/ui/error-message';
import { Spinner } from '@/components/ui/spinner';

export type QueryLike<T> = { data: T | undefined; isPending: boolean; error: unknown; refetch: () => unknown };

type QueryBoundaryProps<T> = {
  query: QueryLike<T>;
  loadingLabel?: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
};

/** Loading, error and empty states for one query, then its data. */
export const QueryBoundary = <T,>({ query, loadingLabel, isEmpty, empty, children }: QueryBoundaryProps<T>) => {
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.error || query.data === undefined)
    return <ErrorMessage error={query.error} onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return <EmptyState>{empty}</EmptyState>;
  return <>{children(query.data)}</>;
};
