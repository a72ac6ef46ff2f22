/// <reference lib="dom" />
import path from 'node:path';

import { type Browser, type Page } from '@playwright/test';

import { PASSWORD, newPage, uniqueName } from './support/api';
import { expect, test } from './support/test';

// Taken on every run, into test-results/ (docs/screenshots/ with E2E_SCREENSHOT_DIR).
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? path.join('test-results', 'screenshots');
const PHONE = { width: 360, height: 800 };

type Seat = { username: string | null } | null;
type Board = { board: number; white: Seat; black: Seat; result: string };
type Match = { table: number; white: { name: string }; black: { name: string } | null; boards: Board[] };

/** A request from the page's own session (cookie and CSRF token), as the app sends it. */
async function send<T>(page: Page, baseURL: string, url: string, data: object = {}): Promise<T> {
  await page.request.get('/api/auth/csrf/');
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const response = await page.request.post(url, { data, headers: { 'X-CSRFToken': csrf, Referer: `${baseURL}/` } });
  expect(response.ok(), `POST ${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A user in a browser context of their own, registered over the API (and so signed in). */
async function signedIn(browser: Browser, baseURL: string, prefix: string, viewport = PHONE) {
  const page = await newPage(browser, { viewport });
  const username = uniqueName(prefix);
  await send(page, baseURL, '/api/auth/register/', { username, password: PASSWORD });
  return { page, username };
}

const yourGame = (page: Page) => page.getByRole('region', { name: 'Your game' });

test("team Swiss: a player reports from their own side, the opponent confirms or disputes, the arbiter settles the dispute (360 px)", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const base = baseURL ?? '';

  // Set-up over the API: the host's leader, a 2-board event, two teams whose four players
  // are accounts (invited, then accepting), round 1 paired and its line-ups closed.
  const leader = await signedIn(browser, base, 'arb');
  const club = await send<{ slug: string }>(leader.page, base, '/api/teams/', { name: uniqueName('Report Club ') });
  const event = await send<{ id: number }>(leader.page, base, '/api/team-swiss/', {
    team: club.slug,
    name: uniqueName('Report Cup '),
    boards: 2,
    num_rounds: 3,
  });
  const api = `/api/team-swiss/${event.id}`;
  const alpha = [await signedIn(browser, base, 'a1'), await signedIn(browser, base, 'a2')];
  const bravo = [await signedIn(browser, base, 'b1'), await signedIn(browser, base, 'b2', { width: 1280, height: 900 })];
  for (const [name, squad] of [['Alpha', alpha], ['Bravo', bravo]] as const) {
    await send(leader.page, base, `${api}/teams/`, { name, players: squad.map((player) => ({ username: player.username })) });
    for (const player of squad) {
      const invited = await player.page.request.get('/api/team-swiss/invitations/');
      const { results } = (await invited.json()) as { results: { id: number; event: { id: number } }[] };
      for (const each of results.filter((one) => one.event.id === event.id)) await send(player.page, base, `${api}/invitations/${each.id}/accept/`);
    }
  }
  await send(leader.page, base, `${api}/start-next-round/`);
  await send(leader.page, base, `${api}/rounds/1/close-lineups/`);
  const round = (await (await leader.page.request.get(`${api}/rounds/1/`)).json()) as { matches: Match[] };
  const match = round.matches[0]!;
  const everyone = [...alpha, ...bravo];
  const byName = (seat: Seat) => everyone.find((player) => player.username === seat?.username)!;
  // Board 1: both players report in the browser. Board 2: Alpha's player reports over the API.
  const board1 = match.boards.find((board) => board.board === 1)!;
  const [white1, black1] = [byName(board1.white), byName(board1.black)];
  const board2 = match.boards.find((board) => board.board === 2)!;
  const alphaIsWhite2 = board2.white?.username === alpha[1]!.username;

  const eventPath = `/team-swiss/${event.id}`;
  for (const page of [white1.page, black1.page, bravo[1]!.page, leader.page]) {
    await page.goto(eventPath);
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  }

  // 1. White on board 1 reports "I won": nothing is picked beforehand, and a second step asks.
  const whiteGame = yourGame(white1.page);
  await expect(whiteGame).toContainText(`you play White for`);
  await expect(whiteGame).toContainText(`against ${black1.username}`);
  await whiteGame.getByRole('button', { name: 'I won' }).click();
  await whiteGame.getByRole('button', { name: 'Yes, I won (1-0)' }).click();
  await expect(whiteGame).toContainText(`You reported that you won (1-0). Waiting for ${black1.username} to confirm it`);
  await expect(whiteGame.getByRole('group', { name: 'Report your result' })).toHaveCount(0);

  // 2. The opponent sees the report from their side, live, and disputes it.
  const blackGame = yourGame(black1.page);
  await expect(blackGame).toContainText(`${white1.username} reported that you lost (1-0). If that is right, confirm it`);
  await expect(blackGame.getByRole('button', { name: 'Confirm: I lost' })).toBeVisible();
  await blackGame.scrollIntoViewIfNeeded();
  expect(await black1.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await black1.page.screenshot({ path: path.join(SHOTS, 'team-swiss-report-phone.png') });
  await blackGame.getByRole('button', { name: 'I won' }).click();
  await blackGame.getByRole('button', { name: 'Yes, I won (0-1): the arbiter decides' }).click();
  const disputed = `You reported that you won (0-1); ${white1.username} reported that you lost (1-0). The arbiter will decide.`;
  await expect(blackGame).toContainText(disputed);
  await expect(whiteGame).toContainText(`You reported that you won (1-0); ${black1.username} reported that you lost (0-1). The arbiter will decide.`);

  // 3. Board 2: Alpha's player reports a win over the API; Bravo's player confirms it in the browser.
  await send(alpha[1]!.page, base, `${api}/rounds/1/boards/${match.table}/2/result/`, { result: alphaIsWhite2 ? '1-0' : '0-1' });
  const confirmerGame = yourGame(bravo[1]!.page);
  await expect(confirmerGame).toContainText(`${alpha[1]!.username} reported that you lost`);
  await confirmerGame.getByRole('button', { name: 'Confirm: I lost' }).click();
  await confirmerGame.getByRole('button', { name: /^Yes, I lost/ }).click();
  await expect(confirmerGame).toContainText(`confirmed by you and ${alpha[1]!.username}`);

  // 4. The arbiter (a 360 px phone) finds the dispute in the queue, both reports beside it; nothing is cut off.
  const panel = leader.page.getByRole('region', { name: 'Arbiter' });
  const results = panel.getByRole('region', { name: 'Results of round 1' });
  await expect(results.getByRole('heading', { name: 'Disputes (1)' })).toBeVisible();
  const dispute = results.getByRole('listitem', { name: `Dispute on table ${match.table} board 1` });
  await expect(dispute).toContainText(`${white1.username} (${match.white.name}, White) reported ${white1.username} won (1-0)`);
  await expect(dispute).toContainText(`${black1.username} (${match.black?.name}, Black) reported ${black1.username} won (0-1)`);
  await expect(results.getByRole('table', { name: 'Results of round 1' })).toContainText('confirmed by both players');
  expect(await leader.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const picker = results.getByLabel(`Result of table ${match.table} board 2`);
  await picker.scrollIntoViewIfNeeded();
  const box = await picker.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, 'the result picker fits the phone').toBe(true);
  await results.screenshot({ path: path.join(SHOTS, 'team-swiss-arbiter-results-phone.png') });

  // 5. The decision is shown before it is saved: board, players, result, the match score.
  await dispute.getByRole('button', { name: /^Draw/ }).click();
  const dialog = leader.page.getByRole('dialog', { name: `Table ${match.table}, board 1: set ½-½` });
  await expect(dialog).toContainText(`Round 1, table ${match.table}, board 1`);
  await expect(dialog).toContainText(`${white1.username} (${match.white.name}, White) – ${black1.username} (${match.black?.name}, Black)`);
  await expect(dialog).toContainText('a draw (½-½)');
  await expect(dialog).toContainText('This decision ends it.');
  await expect(dialog).toContainText('(complete)');
  await leader.page.screenshot({ path: path.join(SHOTS, 'team-swiss-result-confirm-phone.png') });
  await dialog.getByRole('button', { name: 'Confirm result' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(results.getByRole('heading', { name: 'Disputes (0)' })).toBeVisible();

  // 6. Both players read the arbiter's decision; the match is complete (½ + Alpha's win on board 2).
  await expect(whiteGame).toContainText('Result: a draw (½-½), set by the arbiter.');
  await expect(blackGame).toContainText('Result: a draw (½-½), set by the arbiter.');
  const score = match.white.name === 'Alpha' ? '1½ – ½' : '½ – 1½';
  await expect(black1.page.getByRole('table', { name: 'Matches of round 1' })).toContainText(score);
});
