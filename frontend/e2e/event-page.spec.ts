/// <reference lib="dom" />
import path from 'node:path';

import { type Page } from '@playwright/test';

import { demoEventId, Leader, newPage, PASSWORD, Player, uniqueName } from './support/api';
import { logIn, pairings } from './support/pages';
import { expect, test } from './support/test';

// `make screenshots` points this at docs/screenshots/; a plain run writes into test-results/.
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? path.join('test-results', 'screenshots');
const DEMO_LEADER = 'demo_arbiter';
const DEMO_PLAYER = 'anna_berg';
const DEMO_PASSWORD = 'swiss-demo-2026';
const PHONE = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true } as const;

async function shoot(page: Page, name: string, fullPage = true) {
  await page.waitForLoadState('networkidle');
  // Boards off screen skip painting (content-visibility: auto); a full-page picture wants them.
  await page.addStyleTag({ content: '[class*="content-visibility"] { content-visibility: visible !important; }' });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

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

/** A team of `names` (joined, or asked and approved), an over-the-board event they all joined, round 1 paired. */
async function pairedEvent(baseURL: string, names: string[], settings: Record<string, unknown> = {}) {
  const leader = await Leader.create(baseURL);
  const team = await leader.createTeam(uniqueName('Phone Club '));
  const event = await leader.createEvent(team.slug, uniqueName('Phone Swiss '), { mode: 'otb', ...settings });
  for (const name of names) {
    const player = await Player.register(baseURL, name);
    // An open team lets the player in at once (a membership); otherwise a request waits.
    const asked = await player.post<{ id?: number; role?: string }>(`/api/teams/${team.slug}/join/`);
    if (asked.role === undefined) await leader.approve(team.slug, asked.id!);
    await player.post(`/api/tournaments/swiss/${event.id}/join/`, {});
    await player.dispose();
  }
  await leader.startNextRound(event.id);
  return { leader, team, event };
}

test('a finished event shows its podium and end reason, and nothing live', async ({ page, baseURL }) => {
  const id = await demoEventId(baseURL!, 'Demo Warm-up Swiss');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/swiss/${id}`);
  const podium = page.getByRole('region', { name: 'Podium' });
  await expect(podium).toBeVisible();
  const places = podium.getByRole('listitem');
  await expect(places).toHaveCount(3);
  for (const place of await places.all()) {
    await expect(place).toContainText(/\d+(\.\d)? points · BH \d/);
    await expect(place.getByRole('link')).toHaveAttribute('href', /^\/@\//);
  }
  await expect(podium).toContainText('All rounds have been played.');
  // The standings' top three are the podium's.
  const top = await page.getByRole('table', { name: 'Standings' }).getByRole('row').nth(1).getByRole('link').first().textContent();
  await expect(places.first()).toContainText(top!);
  await expect(page.getByRole('status').filter({ hasText: /^Live$/ })).toHaveCount(0);
  await expect(page.getByText('Log in to join')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Your event' })).toHaveCount(0);
  await shoot(page, 'event-podium');
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(podium).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shoot(page, 'event-podium-phone');
});

test('at 360 px every board shows both names, with no sideways scroll', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  // Long names on both sides of every board, and a short one against a long one.
  const names = [
    uniqueName('elena_kuznetsova_'),
    uniqueName('bartholomew_vandersteen_'),
    'ida' + Math.floor(Math.random() * 1e6).toString(36),
    uniqueName('maximilian_oberhauser_'),
    uniqueName('konstantina_papadopoulou_'),
    uniqueName('jo_'),
  ];
  const { leader, event } = await pairedEvent(baseURL!, names);
  const page = await newPage(browser, PHONE);
  await page.goto(`/swiss/${event.id}`);
  const boards = pairings(page).getByRole('listitem').filter({ hasText: /^#\d/ });
  await expect(boards).toHaveCount(3);
  for (const board of await boards.all()) {
    const players = board.locator('a[href^="/@/"]');
    await expect(players).toHaveCount(2);
    const result = board.getByText('…', { exact: true });
    const resultBox = (await result.boundingBox())!;
    for (const name of await players.all()) {
      await expect(name).toBeVisible();
      const box = (await name.boundingBox())!;
      expect(box.width, `${await name.textContent()} is squeezed to nothing`).toBeGreaterThan(24);
      // The result sits between the names and overlaps neither.
      const overlaps = box.x < resultBox.x + resultBox.width && resultBox.x < box.x + box.width;
      expect(overlaps, `${await name.textContent()} overlaps the result`).toBe(false);
    }
  }
  // Every name of the event is on a board (no one left out of the round).
  for (const name of names) await expect(pairings(page).getByRole('link', { name, exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await pairings(page).scrollIntoViewIfNeeded();
  await shoot(page, 'event-pairings-phone', false);

  // The leader's panel fits the phone too.
  const leaderPage = await newPage(browser, PHONE);
  await logIn(leaderPage, leader.username, PASSWORD);
  await leaderPage.goto(`/swiss/${event.id}`);
  const panel = leaderPage.getByRole('region', { name: 'Arbiter' });
  // The panel waits for the viewer's role in the team: give a loaded machine time.
  await expect(panel.getByRole('button', { name: 'Start round 2 now' })).toBeDisabled({ timeout: 30_000 });
  await expect(panel).toContainText('Round 1 is not complete: 3 boards have no result yet.');
  await expect(panel.getByRole('heading', { name: 'Correct the pairing of round 1' })).toBeVisible({ timeout: 30_000 });
  await expectNoSidewaysScroll(leaderPage);
  const set = panel.getByRole('button', { name: 'Set' }).first();
  if (await set.count()) {
    const box = (await set.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  await leader.dispose();
});

test('a player below the rating floor sees the entry conditions with ✗ on the rating line', async ({ browser, baseURL }) => {
  const leader = await Leader.create(baseURL!);
  const team = await leader.createTeam(uniqueName('Strong Club '));
  const event = await leader.createEvent(team.slug, uniqueName('Masters '), { min_rating: 1800, password: 'knight' });
  const name = uniqueName('novice');
  await (await Player.register(baseURL!, name)).dispose();
  const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await logIn(page, name, PASSWORD);
  await page.goto(`/swiss/${event.id}`);
  const conditions = page.getByRole('region', { name: 'Entry conditions' });
  await expect(conditions).toBeVisible();
  const rating = conditions.getByRole('listitem').filter({ hasText: 'rating 1800 or more' });
  await expect(rating).toContainText('✗');
  await expect(rating).toContainText('Your blitz rating: 1500');
  await expect(rating).toContainText('(not met)');
  await expect(conditions.getByRole('listitem').filter({ hasText: 'Password needed to join' })).toBeVisible();
  await expect(conditions.getByRole('listitem').filter({ hasText: 'Online, on this server' })).toContainText('✓');
  await expect(conditions.getByRole('listitem').filter({ hasText: '5+3 blitz, rated' })).toBeVisible();
  await expect(conditions.getByRole('listitem').filter({ hasText: 'No draw offers or claims before move 30' })).toBeVisible();
  const team_line = conditions.getByRole('listitem').filter({ hasText: `Member of ${team.name}` });
  await expect(team_line).toContainText('✗');
  await expect(team_line.getByRole('link', { name: `Join team ${team.name}` })).toHaveAttribute('href', `/teams/${team.slug}`);
  // The header names the team, not its slug; "Starting soon" only within the hour.
  await expect(page.getByRole('banner').or(page.locator('header')).getByRole('link', { name: team.name }).first()).toBeVisible();
  await shoot(page, 'event-entry-conditions');
  await leader.dispose();
});

test.describe('screenshots of the demo event', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`desktop and phone, ${colorScheme}`, async ({ browser, baseURL }) => {
      test.setTimeout(150_000);
      const id = await demoEventId(baseURL!);
      const suffix = colorScheme === 'dark' ? '-dark' : '';
      const desktop = await newPage(browser, { viewport: { width: 1280, height: 900 }, colorScheme });
      await logIn(desktop, DEMO_PLAYER, DEMO_PASSWORD);
      await desktop.goto(`/swiss/${id}`);
      await expect(pairings(desktop).getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
      await shoot(desktop, `event-page${suffix}`);
      const phone = await newPage(browser, { ...PHONE, colorScheme });
      await logIn(phone, DEMO_PLAYER, DEMO_PASSWORD);
      await phone.goto(`/swiss/${id}`);
      await expect(pairings(phone).getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
      await expectNoSidewaysScroll(phone);
      await shoot(phone, `event-page-phone${suffix}`);
      const arbiter = await newPage(browser, { ...PHONE, colorScheme });
      await logIn(arbiter, DEMO_LEADER, DEMO_PASSWORD);
      await arbiter.goto(`/swiss/${id}`);
      const panel = arbiter.getByRole('region', { name: 'Arbiter' });
      await expect(panel.getByRole('button', { name: 'Start round 5 now' })).toBeDisabled({ timeout: 30_000 });
      await expectNoSidewaysScroll(arbiter);
      await panel.screenshot({ path: path.join(SHOTS, `arbiter-panel-phone${suffix}.png`) });
    });
  }
});
