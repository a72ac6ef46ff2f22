import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

import { parseRoute } from '@/lib/route-parser';

export const createTestQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });

/** Renders (and re-renders) with a fresh query cache and an in-memory router; returns the cache too. */
export const renderWithProviders = (ui: ReactElement, { queryClient = createTestQueryClient(), path = '/' } = {}) => {
  // One location per render call, kept across re-renders; `path` may hold a `?query`.
  const location = memoryLocation({ path });
  const Providers = ({ children }: { children: ReactNode }) => (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook} parser={parseRoute}>{children}</Router>
      </QueryClientProvider>
    </I18nProvider>
  );
  return { queryClient, ...render(ui, { wrapper: Providers }) };
};
