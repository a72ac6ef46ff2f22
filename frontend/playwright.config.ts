import { execFileSync } from 'node:child_process';

import { defineConfig, devices } from '@playwright/test';

// The suite drives Debian's Chromium against the real server (scripts/e2e-server.sh: a fresh
// PostgreSQL database, uvicorn, a Celery worker and beat on Redis, the built bundle).
// Browsers are never downloaded (`playwright install` is not used).
// A free port, chosen once: the test workers load this file again and inherit it.
process.env.E2E_PORT ??= execFileSync('../.venv/bin/python', [
  '-c',
  'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])',
])
  .toString()
  .trim();
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  // CI retries a failed test once: Playwright then reports it as flaky instead of failing the run.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  // Waits for what must happen: long, since they cost time only when a test fails, and a run
  // beside pytest on two cores is slow (docs/testing.md, "Time in tests").
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL,
    // A trace records every page's DOM and screencast: 33 s of the suite's 94 s of CPU when
    // kept for every test (retain-on-failure). CI retries a failed test once and traces that
    // retry; the first failure keeps its screenshots (docs/testing.md, "Playwright").
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The specs read the English texts: the browser asks for English whatever the machine's
    // own language (e2e/i18n.spec.ts opens German and Arabic browsers of its own).
    locale: 'en-US',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], locale: 'en-US' } }],
  webServer: {
    command: `bash ../scripts/e2e-server.sh ${port}`,
    url: `${baseURL}/api/health/`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
