import { execFileSync } from 'node:child_process';
import path from 'node:path';


import { Leader, PASSWORD, newPage, uniqueName } from './support/api';
import { logIn } from './support/pages';
import { expect, test } from './support/test';

// `make screenshots` points this at docs/screenshots/; a plain run writes into test-results/.
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? path.join('test-results', 'screenshots');

test('a leader uploads a clean TRF, an altered one and a broken one to the checker', async ({ browser, baseURL }, testInfo) => {
  test.slow(); // the server re-pairs every round of each file with the engine
  // An event our engine paired (clean.trf) and the same with round 2's colours swapped.
  const files = testInfo.outputPath('trf');
  execFileSync('../.venv/bin/python', ['e2e/support/trf_check_files.py', files], { env: { ...process.env, PYTHONPATH: '..' } });

  const leader = await Leader.create(baseURL!);
  await leader.createTeam(uniqueName('E2E Checker '));
  const page = await newPage(browser);
  await logIn(page, leader.username, PASSWORD);

  // Leaders find the checker in the header.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'TRF check' }).click();
  await expect(page).toHaveURL(/\/tools\/trf-check$/);
  await expect(page.getByRole('heading', { level: 1, name: 'TRF checker' })).toBeVisible();
  const input = page.getByLabel('TRF file', { exact: true });
  const check = page.getByRole('button', { name: 'Check file' });

  await input.setInputFiles(path.join(files, 'clean.trf'));
  await check.click();
  await expect(page.getByRole('heading', { name: 'Report on clean.trf' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status')).toContainText('Clean');
  await expect(page.getByText('5 rounds re-paired by our engine; tie-breaks: BH/C1, BH, SB, DE.')).toBeVisible();

  await input.setInputFiles(path.join(files, 'altered.trf'));
  await check.click();
  await expect(page.getByRole('heading', { name: 'Report on altered.trf' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status')).toContainText(/\d+ discrepanc/);
  const first = page.getByRole('table').getByRole('row').nth(1);
  await expect(first.getByRole('cell').nth(0)).toHaveText(/^Round 2, board \d+$/);
  await expect(first.getByRole('cell').nth(1)).toHaveText('colour');
  await expect(first.getByRole('cell').nth(2)).toContainText('the engine gives white to');
  await page.screenshot({ path: path.join(SHOTS, 'trf-check.png'), fullPage: true });

  // A file the reader refuses: its line and column next to the field, no report.
  await input.setInputFiles({ name: 'broken.trf', mimeType: 'text/plain', buffer: Buffer.from('012 Broken\n001    x\n') });
  await check.click();
  await expect(page.getByText(/^line 2, column \d+: /)).toBeVisible();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('heading', { name: /Report on/ })).toHaveCount(0);

  // Someone who leads no team has no link and no form.
  const visitor = await newPage(browser);
  await visitor.goto('/tools/trf-check');
  await expect(visitor.getByText(/for the leaders of a team/)).toBeVisible();
  await expect(visitor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'TRF check' })).toHaveCount(0);
  await leader.dispose();
});
