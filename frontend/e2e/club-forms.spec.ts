/// <reference lib="dom" />
import path from 'node:path';

import type { Locator, Page } from '@playwright/test';

import { Leader, PASSWORD, Player, newPage, uniqueName } from './support/api';
import { logIn } from './support/pages';
import { expect, test } from './support/test';

// Issue 39: the event forms, the no-show dialog and the audit log on a 360 px phone.
// Taken on every run, into test-results/ (docs/screenshots/ with E2E_SCREENSHOT_DIR).
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? path.join('test-results', 'screenshots');
const PHONE = { width: 360, height: 800 };

type Board = { id: number; board: number; white: string; black: string };

/** No sideways scroll, and no control of `within` sticking out of the viewport (the rule, not
 * one field: any input, select, button or label that ends past the right edge fails). */
async function expectFits(page: Page, within: Locator) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const outside = await within.evaluate((root, width) => {
    const controls = Array.from(root.querySelectorAll('input, select, textarea, button, label, legend, a, p'));
    return controls
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .map((element) => `${element.tagName} "${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 40)}"`);
  }, PHONE.width);
  expect(outside, 'controls past the right edge').toEqual([]);
}

test('the event create and edit forms fit a 360 px phone; a closed event’s edit page shows no form', async ({ browser, baseURL }) => {
  const base = baseURL ?? '';
  const page = await newPage(browser, { viewport: PHONE });
  await page.goto('/');
  await page.request.get('/api/auth/csrf/');
  const csrf = async () => (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const post = async <T>(url: string, data: object): Promise<T> => {
    const response = await page.request.post(url, { data, headers: { 'X-CSRFToken': await csrf(), Referer: `${base}/` } });
    expect(response.ok(), `POST ${url}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  await post('/api/auth/register/', { username: uniqueName('organiser'), password: PASSWORD });
  const team = await post<{ slug: string }>('/api/teams/', { name: uniqueName('Phone Club ') });

  await page.goto(`/teams/${team.slug}/new-event`);
  const form = page.getByRole('form', { name: 'New event' });
  await form.getByLabel('Name').fill('Phone Swiss');
  // Two round times, the second before the first: the message names the round.
  await form.getByRole('button', { name: 'Add a round time' }).click();
  await form.getByRole('button', { name: 'Add a round time' }).click();
  await form.getByLabel('Round 1', { exact: true }).fill('2031-03-04T19:00');
  await form.getByLabel('Round 2', { exact: true }).fill('2031-03-04T18:00');
  await form.getByRole('button', { name: 'Create event' }).click();
  await expect(form.getByText(/^Round 2 must start after round 1 \(.+\)\.$/)).toBeVisible();
  // Where co-hosts and prizes are set, said where the organiser looks for them.
  await expect(form.getByRole('group', { name: 'Teams (co-hosted events)' })).toContainText('“Co-hosting teams” and “Prize table”');
  await expectFits(page, form);
  await page.screenshot({ path: path.join(SHOTS, 'event-form-phone.png'), fullPage: true });

  await form.getByRole('button', { name: 'Remove round 2\'s time' }).click();
  await form.getByRole('button', { name: 'Remove round 1\'s time' }).click();
  await form.getByRole('button', { name: 'Create event' }).click();
  await expect(page).toHaveURL(/\/swiss\/\d+$/);
  const id = /\/swiss\/(\d+)$/.exec(page.url())![1];

  await page.goto(`/swiss/${id}/edit`);
  const edit = page.getByRole('form', { name: 'Edit the event' });
  await expect(edit.getByLabel('Name')).toHaveValue('Phone Swiss');
  await expectFits(page, edit);

  // Cancelled (as finished): only why, and where to go, without the dead form.
  await post(`/api/tournaments/swiss/${id}/cancel/`, {});
  await page.goto(`/swiss/${id}/edit`);
  await expect(page.getByText('Phone Swiss was cancelled, so its settings can no longer be changed.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'What can still be done' }).getByRole('link', { name: 'Back to the event' })).toBeVisible();
  await expect(page.getByRole('form')).toHaveCount(0);
  await expectFits(page, page.locator('main'));
});

test('on a phone, the no-show dialog tells the ban, a withdrawal asks first, and the audit log reads as sentences', async ({ browser, baseURL }) => {
  const leader = await Leader.create(baseURL!);
  const team = await leader.createTeam(uniqueName('Ban Club '));
  const event = await leader.createEvent(team.slug, uniqueName('Ban Swiss '), { mode: 'otb' });
  const eventPath = `/api/tournaments/swiss/${event.id}`;
  for (const name of ['ann', 'ben', 'cat', 'dan']) {
    const player = await Player.register(baseURL!, uniqueName(name));
    const asked = await player.post<{ id?: number; role?: string }>(`/api/teams/${team.slug}/join/`);
    if (asked.role === undefined) await leader.approve(team.slug, asked.id!);
    await player.post(`${eventPath}/join/`, {});
    await player.dispose();
  }
  await leader.startNextRound(event.id);
  const page = await newPage(browser, { viewport: PHONE });
  const round = (await (await page.request.get(`${eventPath}/rounds/1/`)).json()) as { pairings: Board[] };
  const [first, second] = round.pairings;
  await leader.post(`${eventPath}/pairings/${second!.id}/result/`, { result: '1-0' });

  await logIn(page, leader.username, PASSWORD);
  await page.goto(`/swiss/${event.id}`);
  const panel = page.getByRole('region', { name: 'Arbiter' });
  const absent = first!.white;
  await panel.getByLabel('Result of board 1', { exact: true }).selectOption({ label: `${absent} did not show up` });
  await panel.getByRole('button', { name: 'Set result of board 1' }).click();
  const dialog = page.getByRole('dialog', { name: `Board 1: ${absent} did not show up` });
  const note = dialog.getByRole('note', { name: 'What a no-show does' });
  await expect(note).toContainText('Withdrawn from this event: not paired in the next rounds.');
  // The server's ladder: a first no-show is 24 hours.
  await expect(note).toContainText(`Banned from the events of ${team.name}, this one included, for 24 hours`);
  await page.screenshot({ path: path.join(SHOTS, 'no-show-dialog-phone.png') });
  await dialog.getByRole('button', { name: 'Confirm no-show' }).click();
  await expect(dialog).toBeHidden();

  // Withdrawing asks first.
  const other = second!.black;
  await panel.getByText(/^Players \(\d+\)$/).click();
  const roster = panel.getByRole('table', { name: 'Players' });
  await roster.getByRole('button', { name: `Withdraw ${other}` }).click();
  await expect(roster.getByRole('button', { name: `Reinstate ${other}` })).toHaveCount(0);
  await roster.getByRole('group', { name: `Confirm: withdraw ${other}` }).getByRole('button', { name: `Yes, withdraw ${other}` }).click();
  await expect(roster.getByRole('button', { name: `Reinstate ${other}` })).toBeVisible();

  // A disqualification (over the API): the example of a raw code.
  const standings = (await (await page.request.get(`${eventPath}/standings/`)).json()) as { results: { id: number; username: string }[] };
  const cheat = standings.results.find((row) => row.username === first!.black)!;
  await leader.post(`${eventPath}/entries/${cheat.id}/disqualify/`, { reason: 'Phone in the toilet' });

  await page.reload();
  await panel.getByText('Audit log', { exact: true }).click();
  const log = panel.getByRole('list', { name: 'Audit log' });
  await expect(log).toContainText(`Set round 1, board 1 (${first!.white} – ${first!.black}): -/+ (forfeit), ${absent} did not show up`);
  await expect(log).toContainText(`Set round 1, board 2 (${second!.white} – ${second!.black}): 1-0`);
  await expect(log).toContainText(`Withdrew ${other}`);
  await expect(log).toContainText(`Disqualified ${cheat.username}: Phone in the toilet`);
  // The codes and stored values only behind "Details".
  expect(await log.innerText()).not.toContain('result.set');
  await log.getByRole('listitem').first().getByText('Details').click();
  await expectFits(page, log);
  await log.scrollIntoViewIfNeeded();
  await panel.locator('details').filter({ has: page.getByRole('list', { name: 'Audit log' }) }).screenshot({ path: path.join(SHOTS, 'audit-log-phone.png') });
  await leader.dispose();
});
