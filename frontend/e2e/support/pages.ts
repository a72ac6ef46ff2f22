/// <reference lib="dom" />
import { expect, type Locator, type Page } from '@playwright/test';

/** Registers through the form, logs out, and logs in again through the login form. */
export async function registerAndLogIn(page: Page, username: string, password: string) {
  await page.goto('/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await logIn(page, username, password);
}

export async function logIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(username, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}

/** Joins the team on its page, then follows its link to the event and joins that. */
export async function joinTeamAndEvent(page: Page, slug: string, event: { id: number; name: string }) {
  await page.goto(`/teams/${slug}`);
  await page.getByRole('button', { name: 'Join team' }).click();
  await expect(page.getByRole('button', { name: 'Leave team' })).toBeVisible();
  await page.getByRole('link', { name: event.name }).click();
  await expect(page).toHaveURL(new RegExp(`/swiss/${event.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
  const panel = yourEvent(page);
  await panel.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(panel.getByRole('button', { name: 'Withdraw' })).toBeVisible();
}

export const yourEvent = (page: Page): Locator => page.getByRole('region', { name: 'Your event' });
export const pairings = (page: Page): Locator => page.getByRole('region', { name: 'Pairings' });
export const standings = (page: Page): Locator => page.getByRole('table', { name: 'Standings' });

/** A player's row of the standings table. */
export function standingsRow(page: Page, username: string): Locator {
  return standings(page).getByRole('row').filter({ hasText: username });
}

/** The text of a player's cell under the column whose header matches `column`. */
export async function standingsCell(page: Page, username: string, column: RegExp): Promise<Locator> {
  const headers = await standings(page).getByRole('columnheader').allTextContents();
  const index = headers.findIndex((header) => column.test(header.trim()));
  if (index < 0) throw new Error(`no standings column matches ${column}: ${headers.join(' | ')}`);
  return standingsRow(page, username).locator('th, td').nth(index);
}

/** Marks the document: if the page reloads, the mark is gone. */
export async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { e2eMark?: number }).e2eMark = 1;
  });
}

export async function expectNoReload(page: Page) {
  const mark = await page.evaluate(() => (window as unknown as { e2eMark?: number }).e2eMark);
  expect(mark, 'the page was reloaded').toBe(1);
}

/** A POST from the page's own session (cookie and CSRF token), as the app sends it; a refusal
 * fails the spec with the server's answer. */
export async function sessionPost<T>(page: Page, url: string, data: object = {}): Promise<T> {
  await page.request.get('/api/auth/csrf/');
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(url, { data, headers: { 'X-CSRFToken': csrf, Referer: `${origin}/` } });
  expect(response.ok(), `POST ${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}
