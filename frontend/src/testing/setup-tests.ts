import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';

import { server } from '@/testing/msw-server';

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
