/// <reference lib="dom" />
import path from 'node:path';

import { type Page } from '@playwright/test';

import { demoEventId, Leader, PASSWORD } from './support/api';
import { expect, test } from './support/test';

// `E2E_SCREENSHOT_DIR=../docs/screenshots` writes the pictures into the docs.
const DIR = process.env.E2E_SCREENSHOT_DIR ?? path.join('test-results', 'screenshots');
const PHONE = { width: 360, height: 760 };
const DESKTOP = { width: 1280, height: 900 };

/** Console messages of type error and uncaught page errors, from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(DIR, `${name}.png`), fullPage: true });
}

test('anonymous pages log no console error (lobby, event, profile, team, login, register)', async ({ page, baseURL }) => {
  const leader = await Leader.create(baseURL!);
  const team = await leader.createTeam(`Шахматный клуб ${Date.now() % 100000}`);
  const event = await leader.createEvent(team.slug, 'Anonymous Visit Swiss');
  expect(team.slug).toMatch(/^shakhmatnyi-klub-\d+$/); // transliterated, not "team-2"
  const errors = collectErrors(page);
  const visits: [string, RegExp | string][] = [
    ['/', /./],
    [`/swiss/${event.id}`, 'Anonymous Visit Swiss'],
    [`/@/${leader.username}`, leader.username],
    [`/teams/${team.slug}`, team.name],
    ['/login', 'Log in'],
    ['/register', 'Create an account'],
  ];
  for (const [url, heading] of visits) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first(), url).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  await leader.dispose();
  expect(errors).toEqual([]);
});

test('registers "Иван_Петров" through the form; login returns to the team page; a pending request survives a reload', async ({
  page,
  baseURL,
}, testInfo) => {
  const leader = await Leader.create(baseURL!);
  const team = await leader.createTeam(`Клуб Ладья ${Date.now() % 100000}`, { join_policy: 'request' });
  // The e2e database is fresh; a retry gets a name of its own (digits, so still one script).
  const username = testInfo.retry === 0 ? 'Иван_Петров' : `Иван_Петров_${testInfo.retry}${Date.now() % 1000}`;

  await page.setViewportSize(DESKTOP);
  await page.goto('/register');
  await page.getByLabel('Username').fill('p\u0430ypal'); // a Cyrillic "а" among Latin letters
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Do not mix Latin, Cyrillic and Greek letters in one name.')).toBeVisible();
  await shoot(page, 'register-mixed-scripts');
  await page.setViewportSize(PHONE);
  await shoot(page, 'register-mixed-scripts-phone');
  await page.setViewportSize(DESKTOP);

  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: username })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  // Signed out once the header says so: a navigation before then could cut the logout short.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();

  // From the team page, "Log in" comes back to it.
  await page.goto(`/teams/${team.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: team.name })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/teams/${team.slug}$`));

  await page.getByRole('button', { name: 'Request to join' }).click();
  await expect(page.getByText('Request pending')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Request pending')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request to join' })).toHaveCount(0);
  await shoot(page, 'team-request-pending');
  await page.setViewportSize(PHONE);
  await shoot(page, 'team-request-pending-phone');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await leader.dispose();
});

test('the standings say which round their tie-breaks are after', async ({ page, baseURL }) => {
  const id = await demoEventId(baseURL!);
  const event = (await (await page.request.get(`/api/tournaments/swiss/${id}/`)).json()) as {
    current_round: number;
    tiebreaks_after_round: number;
  };
  expect(event.tiebreaks_after_round).toBeGreaterThan(0);
  await page.setViewportSize(DESKTOP);
  await page.goto(`/swiss/${id}`);
  const caption = page.getByText(`Tie-breaks after round ${event.tiebreaks_after_round}`);
  await expect(caption).toBeVisible();
  if (event.tiebreaks_after_round < event.current_round) await expect(caption).toContainText(`points include round ${event.current_round}`);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(DIR, 'standings-tiebreaks-after-round.png') });
});
