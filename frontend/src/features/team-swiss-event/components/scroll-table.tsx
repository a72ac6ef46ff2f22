import type { ReactNode } from 'react';

/** A wide table scrolls on its own, sideways, so a phone's page never does. */
export const ScrollTable = ({ children }: { children: ReactNode }) => <div className="max-w-full overflow-x-auto">{children}</div>;

export const thClass = 'py-1 pe-3 text-start font-medium whitespace-nowrap';
export const tdClass = 'py-1 pe-3 align-top';
