import type { ReactNode } from 'react';

export const EmptyState = ({ children }: { children: ReactNode }) => (
  <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
    {children}
  </p>
);
