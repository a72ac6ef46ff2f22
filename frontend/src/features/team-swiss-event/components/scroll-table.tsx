import type { ReactNode } from 'react';

/** A wide table scrolls on its own, sideways, so a phone's page never does. */
export const ScrollTable = ({ children }: { children: ReactNode }) => <div className="max-w-full overflow-x-auto">{children}</div>;

export const th = 'py-1 pr-3 text-left font-medium whitespace-nowrap';
export const td = 'py-1 pr-3 align-top';
