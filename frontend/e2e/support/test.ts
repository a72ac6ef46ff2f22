import { test as base } from '@playwright/test';

import { closeOpenedPages } from './api';

export { expect } from '@playwright/test';

/**
 * Playwright's `test` with one addition: the pages a test opened with `newPage` (each in a
 * context of its own on the worker's shared browser) are closed when the next test starts.
 * Left open, every event page of every earlier test kept its socket and re-rendered on each
 * push: 39 pages were still live by the 28th test, costing the run CPU it shares with pytest.
 * They are closed at the next test's start, not at this one's end, so that a failing test's
 * screenshots still show them.
 */
export const test = base.extend<{ closeEarlierPages: void }>({
  closeEarlierPages: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await closeOpenedPages();
      await use();
    },
    { auto: true },
  ],
});
