/// <reference lib="dom" />
import path from 'node:path';

import { type Page } from '@playwright/test';

import { demoEventId } from './support/api';
import { logIn, standings } from './support/pages';
import { expect, test } from './support/test';

// `make screenshots` writes them into docs/screenshots/ (shown by the README); a plain run
// takes them too, into test-results/, so that the pages they show are checked every time.
const DIR = process.env.E2E_SCREENSHOT_DIR ?? path.join('test-results', 'screenshots');
const DEMO_PLAYER = 'anna_berg';
const DEMO_PASSWORD = 'swiss-demo-2026';

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(DIR, `${name}.png`), fullPage: name !== 'event-phone' });
}

async function openDemoEvent(page: Page, baseURL: string) {
  const id = await demoEventId(baseURL);
  await page.goto(`/swiss/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Club Swiss' })).toBeVisible();
  await expect(standings(page).getByRole('row').nth(10)).toBeVisible();
}

test.describe('screenshots of the demo data', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('login page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await shoot(page, 'login');
  });

  test('lobby, event page and account of a signed-in player', async ({ page, baseURL }) => {
    await logIn(page, DEMO_PLAYER, DEMO_PASSWORD);
    await expect(page.getByRole('link', { name: 'Demo Club Swiss' }).first()).toBeVisible();
    await shoot(page, 'lobby');
    await openDemoEvent(page, baseURL!);
    await expect(page.getByRole('region', { name: 'Your event' })).toBeVisible();
    await shoot(page, 'event');
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'API tokens' })).toBeVisible();
    await page.getByLabel('Token name').fill('My pairing bot');
    await page.getByRole('button', { name: 'Create token' }).click();
    await expect(page.getByRole('button', { name: 'Revoke' }).first()).toBeVisible();
    await shoot(page, 'account');
  });
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  test('event page', async ({ page, baseURL }) => {
    await openDemoEvent(page, baseURL!);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'the page scrolls sideways on a phone').toBeLessThanOrEqual(0);
    await shoot(page, 'event-phone');
  });
});

test.describe('dark theme', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 1280, height: 900 } });

  test('event page follows the system theme', async ({ page, baseURL }) => {
    await openDemoEvent(page, baseURL!);
    // The first painted background from the app's root element outwards.
    const background = await page.evaluate(() => {
      let node: Element | null = document.querySelector('#root > *');
      for (; node; node = node.parentElement) {
        const colour = getComputedStyle(node).backgroundColor;
        if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
      }
      return 'rgb(255, 255, 255)'; // nothing painted: the browser's white canvas
    });
    const [r, g, b] = (background.match(/[\d.]+/g) ?? []).map(Number);
    expect(r + g + b, `the page background ${background} is not dark`).toBeLessThan(3 * 96);
    await shoot(page, 'event-dark');
  });
});
