import '@testing-library/jest-dom/vitest';
import { i18n } from '@lingui/core';
import { cleanup } from '@testing-library/react';

import { server } from '@/testing/msw-server';

// English from the macros' own source texts (kept outside production builds): no catalogue.
i18n.loadAndActivate({ locale: 'en', messages: {} });

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  // The test files share one jsdom (vite.config.ts, isolate: false): nothing stays behind.
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterAll(() => server.close());
