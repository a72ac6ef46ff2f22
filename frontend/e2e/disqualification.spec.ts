/// <reference lib="dom" />
import path from 'node:path';


import { Leader, PASSWORD, Player, uniqueName } from './support/api';
import { logIn, standingsCell, standingsRow } from './support/pages';
import { expect, test } from './support/test';

// Taken on every run, into test-results/ (docs/screenshots/ with E2E_SCREENSHOT_DIR).
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? path.join('test-results', 'screenshots');

type Board = { id: number; board: number; white: string; black: string; result: string };

test('a disqualification turns past games into forfeits and moves the standings', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  // Four players over the board; the event's rule turns a disqualified player's past games
  // into forfeit wins for the opponents. Round 1 is played, round 2 paired and unfinished.
  const leader = await Leader.create(baseURL!);
  const team = await leader.createTeam(uniqueName('Fair Club '));
  const event = await leader.createEvent(team.slug, uniqueName('Fair Swiss '), { mode: 'otb', disqualification_games: 'forfeit' });
  for (const name of ['ann', 'ben', 'cat', 'dan'].map((n) => uniqueName(n))) {
    const player = await Player.register(baseURL!, name);
    const asked = await player.post<{ id?: number; role?: string }>(`/api/teams/${team.slug}/join/`);
    if (asked.role === undefined) await leader.approve(team.slug, asked.id!);
    await player.post(`/api/tournaments/swiss/${event.id}/join/`, {});
    await player.dispose();
  }
  const base = `/api/tournaments/swiss/${event.id}`;
  await leader.startNextRound(event.id);
  const round1 = ((await (await page.request.get(`${base}/rounds/1/`)).json()) as { pairings: Board[] }).pairings;
  for (const board of round1) await leader.post(`${base}/pairings/${board.id}/result/`, { result: '1-0' });
  await leader.startNextRound(event.id);
  const cheat = round1[0]!.white;
  const victim = round1[0]!.black;

  await logIn(page, leader.username, PASSWORD);
  await page.goto(`/swiss/${event.id}`);
  // The columns are read once the table has its rows.
  await expect(standingsRow(page, cheat)).toBeVisible();
  await expect(await standingsCell(page, cheat, /^Points$/)).toHaveText('1.0');
  await expect(await standingsCell(page, victim, /^Points$/)).toHaveText('0.0');

  const panel = page.getByRole('region', { name: 'Arbiter' });
  await panel.getByText(/^Players \(\d+\)$/).click();
  await panel.getByRole('button', { name: `Disqualify ${cheat}` }).click();
  const form = panel.getByRole('form', { name: `Disqualify ${cheat}` });
  await form.getByLabel('Reason').fill('Engine assistance (fair-play report)');
  await form.getByRole('button', { name: 'Confirm disqualification' }).click();
  await expect(form).toHaveCount(0);

  // The standings move: the victim has the point, the disqualified player none, struck through.
  await expect(await standingsCell(page, victim, /^Points$/)).toHaveText(/^[1-9]/);
  await expect(await standingsCell(page, cheat, /^Points$/)).toHaveText('0.0');
  const row = standingsRow(page, cheat);
  await expect(row).toContainText('(disqualified)');
  await expect(row.getByRole('link', { name: cheat })).toHaveCSS('text-decoration-line', 'line-through');
  await page.screenshot({ path: path.join(SHOTS, 'disqualified.png'), fullPage: true });
  // Round 1's board reads as a forfeit, and so does the TRF.
  await page.getByRole('button', { name: `${cheat}'s games` }).click();
  const sheet = page.getByRole('dialog', { name: `${cheat}'s games` });
  await expect(sheet.getByRole('row').nth(1)).toContainText('0 (forfeit)');
  await expect(sheet).toContainText('disqualified');
  const trf = await (await page.request.get(`${base}/export/trf/?format=trf16`)).text();
  const line = trf.split('\n').find((text) => text.startsWith('001') && text.includes(cheat));
  expect(line).toMatch(/ w - /);
  await leader.dispose();
});
