/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { type Page } from '@playwright/test';

import { Leader, newPage, PASSWORD, uniqueName } from './support/api';
import { logIn } from './support/pages';
import { expect, test } from './support/test';

// Taken on every run, into test-results/ (docs/screenshots/ with E2E_SCREENSHOT_DIR).
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? path.join('test-results', 'screenshots');
const PHONE = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true } as const;

type RoundDetail = { pairings: { id: number }[] };

/** The rating report our own checks give on a TRF file (the same `arbiter.ratingreport` as the API's). */
const reportOnFile = (file: string) =>
  JSON.parse(
    execFileSync(
      '../.venv/bin/python',
      [
        '-c',
        'import json, sys; from arbiter.ratingreport import rating_report; from arbiter.trf import read_trf_file; ' +
          'r = rating_report(read_trf_file(sys.argv[1])); print(json.dumps({"clean": r.clean, "errors": [str(f) for f in r.errors]}))',
        file,
      ],
      { env: { ...process.env, PYTHONPATH: '..' } },
    ).toString(),
  ) as { clean: boolean; errors: string[] };

/** No sideways scroll at 360 px; on failure, the elements that stick out are named. */
async function expectNoSidewaysScroll(page: Page) {
  const [width, culprits] = await page.evaluate(() => {
    const out = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > 360.5)
      .slice(-6)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)} → ${Math.round(element.getBoundingClientRect().right)}`);
    return [document.scrollingElement!.scrollWidth, out] as const;
  });
  expect(width, `the page scrolls sideways: ${culprits.join('; ')}`).toBeLessThanOrEqual(360);
}

test('the arbiter opens the rating report of a finished event, adds a missing birth year from it, and downloads a TRF the report calls clean', async ({
  browser,
  baseURL,
}) => {
  // An over-the-board event at a standard time control with its FIDE data, four registered players
  // (one new to the list: a FIDE ID, no rating and no birth year), three rounds played.
  const leader = await Leader.create(baseURL!);
  const team = await leader.createTeam(uniqueName('E2E Rating Club '));
  const event = await leader.createEvent(team.slug, uniqueName('E2E Rated Open '), {
    mode: 'otb',
    venue: 'Oslo',
    start_time: new Date(Date.now() + 2 * 60 * 1000).toISOString(),
    clock_limit_seconds: 5400,
    clock_increment_seconds: 30,
    federation: 'NOR',
    chief_arbiter_name: 'Hansen, Kari',
    chief_arbiter_fide_id: '1509012',
    deputy_arbiters: [{ name: 'Berg, Ola', fide_id: '1512345' }],
  });
  const base = `/api/tournaments/swiss/${event.id}`;
  const player = { federation: 'NOR', rating_kind: 'fide' };
  await leader.post(`${base}/registered/`, {
    players: [
      { ...player, name: 'Aune, Are', fide_id: '1501001', rating: 2105, birth_year: 1988, sex: 'm' },
      { ...player, name: 'Bakke, Bo', fide_id: '1501002', rating: 1960, birth_year: 1995, sex: 'w' },
      { ...player, name: 'Dahl, Dag', fide_id: '1501003', rating: 1880, birth_year: 1979, sex: 'm' },
      { ...player, name: 'Nyhus, Per', fide_id: '1534567', rating: 0, sex: 'm' },
    ],
  });
  const rounds = [['1-0', '1/2-1/2'], ['0-1', '1-0'], ['1/2-1/2', '1-0']];
  for (const [index, results] of rounds.entries()) {
    await leader.startNextRound(event.id);
    const round = (await (await fetch(`${baseURL}${base}/rounds/${index + 1}/`)).json()) as RoundDetail;
    for (const [board, { id }] of round.pairings.entries()) await leader.post(`${base}/pairings/${id}/result/`, { result: results[board] });
  }
  const detail = (await (await fetch(`${baseURL}${base}/`)).json()) as { status: string };
  expect(detail.status).toBe('finished');

  // The arbiter finds the report among the event's leader tools.
  const arbiter = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await logIn(arbiter, leader.username, PASSWORD);
  await arbiter.goto(`/swiss/${event.id}`);
  await arbiter.getByRole('region', { name: 'Arbiter' }).getByRole('link', { name: 'FIDE rating report' }).click();
  await expect(arbiter).toHaveURL(new RegExp(`/swiss/${event.id}/rating-report$`));
  await expect(arbiter.getByRole('heading', { level: 1, name: `FIDE rating report: ${event.name}` })).toBeVisible();

  // One thing to fix: the new player's birth year, named on the player with its rule.
  const status = arbiter.getByRole('status').first();
  await expect(status).toContainText('the rating officer would reject');
  const newcomer = arbiter.getByRole('article', { name: 'Nyhus, Per' });
  await expect(newcomer.getByText('Error')).toBeVisible();
  await expect(newcomer).toContainText('Birth date:');
  await arbiter.screenshot({ path: path.join(SHOTS, 'rating-report.png'), fullPage: true });

  // Fixed from the report: the report is checked again and has nothing left to reject.
  await newcomer.getByLabel('Birth year of Nyhus, Per').fill('2011');
  await newcomer.getByRole('button', { name: 'Save' }).click();
  await expect(arbiter.getByText('Nothing the rating officer would reject.')).toBeVisible();
  await expect(arbiter.getByText(/Birth year of Nyhus, Per saved/)).toBeVisible();
  await expect(arbiter.getByRole('article', { name: 'Nyhus, Per' }).getByText('Error')).toHaveCount(0);
  await arbiter.screenshot({ path: path.join(SHOTS, 'rating-report-clean.png'), fullPage: true });

  // The TRF-2026 downloaded from the report has the birth year, and the report's checks call it clean.
  const downloading = arbiter.waitForEvent('download');
  await arbiter.getByRole('link', { name: 'Download TRF-2026' }).click();
  const file = await (await downloading).path();
  const text = readFileSync(file, 'utf-8');
  const line = text.split('\n').find((row) => row.startsWith('001') && row.includes('Nyhus, Per'));
  expect(line?.slice(69, 79).trim()).toBe('2011');
  expect(text).toContain('102 Hansen, Kari (1509012)');
  expect(reportOnFile(file)).toEqual({ clean: true, errors: [] });

  // The same page on a phone, dark: nothing scrolls sideways.
  const phone = await newPage(browser, { ...PHONE, colorScheme: 'dark' });
  await logIn(phone, leader.username, PASSWORD);
  await phone.goto(`/swiss/${event.id}/rating-report`);
  await expect(phone.getByText('Nothing the rating officer would reject.')).toBeVisible();
  await phone.getByText("The event's FIDE data: place, federation, arbiters").click();
  await expect(phone.getByLabel("Chief arbiter's FIDE ID")).toHaveValue('1509012');
  await expectNoSidewaysScroll(phone);
  await phone.screenshot({ path: path.join(SHOTS, 'rating-report-phone-dark.png'), fullPage: true });
  await leader.dispose();
});
