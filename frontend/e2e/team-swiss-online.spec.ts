/// <reference lib="dom" />
import path from 'node:path';

import { type Browser, type Page } from '@playwright/test';

import { PASSWORD, newPage, uniqueName } from './support/api';
import { expect, test } from './support/test';

// Issue 43: a team Swiss event played online. Set up over the API; what runs in the browser is
// the flow under test: the line-ups close, the four players are taken to their games; on board 2
// both players move, then White lets the clock (1+0) run out and the server flags them; meanwhile
// on board 1 White calls the arbiter, and the event's leader, on the team event page's arbiter
// panel, sees the call live, opens the game, pauses the clocks, gives White 30 s and resumes (both
// players see each step); then board 1 is resigned, the leader reads it all in the event's audit
// log, and a spectator's team event page shows the match and standings live.

// Taken on every run, into test-results/ (docs/screenshots/ with E2E_SCREENSHOT_DIR).
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? path.join('test-results', 'screenshots');

type Seat = { username: string | null } | null;
type Board = { board: number; white: Seat; black: Seat; result: string; game_id: number | null };
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
async function signedIn(browser: Browser, baseURL: string, prefix: string) {
  const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  const username = uniqueName(prefix);
  await send(page, baseURL, '/api/auth/register/', { username, password: PASSWORD });
  return { page, username };
}

async function typeMove(page: Page, san: string) {
  const box = page.getByLabel('Keyboard move');
  await expect(box).toBeEnabled();
  await box.fill(san);
  await box.press('Enter');
}

/** A clock's text ("1:05", "0:09.5") in seconds. */
const seconds = (text: string) => {
  const [minutes = '0', rest = '0'] = text.split(':');
  return Number(minutes) * 60 + Number(rest);
};

/** Seconds as a clock shows them from 10 s on ("1:18"). */
const clockText = (total: number) => `${Math.floor(total / 60)}:${String(Math.floor(total % 60)).padStart(2, '0')}`;

/** The page's width fits the window: nothing scrolls sideways. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('team Swiss online: the players are taken to their games, the arbiter answers a call, a resignation and a flag make the match, live for a spectator', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const base = baseURL ?? '';
  const leader = await signedIn(browser, base, 'arb');
  const club = await send<{ slug: string }>(leader.page, base, '/api/teams/', { name: uniqueName('Online Club ') });
  // A bullet clock (1+0): board 2's White runs out of time a minute after their last move.
  const event = await send<{ id: number; name: string; mode: string }>(leader.page, base, '/api/team-swiss/', {
    team: club.slug,
    name: uniqueName('Online Cup '),
    boards: 2,
    num_rounds: 1,
    mode: 'online',
    clock_minutes: 1,
    clock_increment: 0,
  });
  expect(event.mode).toBe('online');
  const api = `/api/team-swiss/${event.id}`;
  const alpha = [await signedIn(browser, base, 'a1'), await signedIn(browser, base, 'a2')];
  const bravo = [await signedIn(browser, base, 'b1'), await signedIn(browser, base, 'b2')];
  for (const [name, squad] of [['Alpha', alpha], ['Bravo', bravo]] as const) {
    await send(leader.page, base, `${api}/teams/`, { name, players: squad.map((player) => ({ username: player.username })) });
    for (const player of squad) {
      const invited = await player.page.request.get('/api/team-swiss/invitations/');
      const { results } = (await invited.json()) as { results: { id: number; event: { id: number } }[] };
      for (const each of results.filter((one) => one.event.id === event.id)) await send(player.page, base, `${api}/invitations/${each.id}/accept/`);
    }
  }
  await send(leader.page, base, `${api}/start-next-round/`);

  // Everyone waits on the event page, live: the leader on its arbiter panel; the spectator is
  // signed out.
  const eventPath = `/team-swiss/${event.id}`;
  const spectator = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  const players = [...alpha, ...bravo];
  for (const page of [spectator, leader.page, ...players.map((player) => player.page)]) {
    await page.goto(eventPath);
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  }
  const panel = leader.page.getByRole('region', { name: 'Arbiter', exact: true });
  await expect(panel.getByRole('heading', { name: 'Arbiter calls (0)' })).toBeVisible();
  const arrivals = players.map((player) => player.page.waitForURL(/\/game\/\d+$/, { timeout: 30_000 }));
  await send(leader.page, base, `${api}/rounds/1/close-lineups/`);
  await Promise.all(arrivals);

  const round = (await (await leader.page.request.get(`${api}/rounds/1/`)).json()) as { matches: Match[] };
  const match = round.matches[0]!;
  const byName = (seat: Seat) => players.find((player) => player.username === seat?.username)!;
  const [board1, board2] = match.boards;
  const [white1, black1] = [byName(board1!.white), byName(board1!.black)];
  // Each player is on their own board's game, which names the team event, match and board.
  for (const board of [board1!, board2!]) {
    for (const seat of [board.white, board.black]) {
      const page = byName(seat).page;
      expect(page.url()).toMatch(new RegExp(`/game/${board.game_id}$`));
      await expect(page.getByRole('link', { name: event.name })).toHaveAttribute('href', eventPath);
      await expect(page.getByText(`Round 1 · Match ${match.table} · Board ${board.board}`)).toBeVisible();
    }
  }

  // The first moves, quickly (bullet's first-move time is 15 s): board 1 to White's second
  // move, board 2 to White's third, where White then lets the clock run out.
  const [white2, black2] = [byName(board2!.white), byName(board2!.black)];
  await typeMove(white1.page, 'e4');
  await typeMove(white2.page, 'e4');
  await typeMove(black1.page, 'e5');
  await typeMove(black2.page, 'e5');
  await typeMove(white2.page, 'Nf3');
  await typeMove(black2.page, 'Nc6');
  await expect(white2.page.getByRole('list', { name: 'Moves' })).toContainText('Nc6');

  // Board 2's White thinks for a minute; board 1's White calls the arbiter meanwhile.
  await white1.page.getByRole('button', { name: 'Call the arbiter' }).click();
  const form = white1.page.getByRole('form', { name: 'Call the arbiter' });
  await form.getByLabel('Reason').selectOption('Disconnection');
  await form.getByLabel('What happened (optional)').fill('My connection dropped');
  await form.getByRole('button', { name: 'Send the call' }).click();
  await expect(white1.page.getByText('You called the arbiter (Disconnection). Waiting for the arbiter…')).toBeVisible();

  // The leader's arbiter panel lists it, live (the page was open before the call).
  const call = panel.getByRole('listitem', { name: `Call from ${white1.username}` });
  await expect(call).toContainText(`Round 1, match ${match.table}, board 1: ${white1.username} (white) — Disconnection: My connection dropped`);
  await expect(panel.getByRole('heading', { name: 'Arbiter calls (1)' })).toBeVisible();
  await panel.screenshot({ path: path.join(SHOTS, 'team-swiss-arbiter-call.png') });
  await leader.page.setViewportSize({ width: 360, height: 800 });
  await expect(call).toBeVisible();
  expect(await fitsWidth(leader.page)).toBe(true);
  await panel.screenshot({ path: path.join(SHOTS, 'team-swiss-arbiter-call-phone.png') });
  await leader.page.setViewportSize({ width: 1280, height: 900 });

  await call.getByRole('link', { name: 'Go to the game' }).click();
  await expect(leader.page).toHaveURL(new RegExp(`/game/${board1!.game_id}$`));
  const tools = leader.page.getByRole('region', { name: 'Arbiter', exact: true });
  await expect(tools.getByRole('list', { name: 'Open calls' })).toContainText('Disconnection — My connection dropped');

  await tools.getByRole('button', { name: 'Pause the clocks' }).click();
  for (const page of [white1.page, black1.page]) {
    await expect(page.getByText('The arbiter has paused the clocks.')).toBeVisible();
    await expect(page.getByLabel("Arbiter's notice")).toHaveText('The arbiter paused the clocks.');
  }
  await expect(white1.page.getByLabel('Keyboard move')).toBeDisabled();
  // Paused, the clocks stand still: White's time now, plus 30 s once given.
  const whiteLeft = seconds((await white1.page.getByLabel('white clock').textContent()) ?? '');
  const blackLeft = (await white1.page.getByLabel('black clock').textContent()) ?? '';
  expect(whiteLeft).toBeGreaterThan(10);

  await tools.getByRole('button', { name: '+30 s White' }).click();
  for (const page of [white1.page, black1.page]) {
    await expect(page.getByLabel("Arbiter's notice")).toHaveText('The arbiter gave white 30 s more.');
    await expect(page.getByLabel('white clock')).toHaveText(clockText(whiteLeft + 30));
    await expect(page.getByLabel('black clock')).toHaveText(blackLeft);
  }
  await white1.page.screenshot({ path: path.join(SHOTS, 'team-swiss-arbiter-game.png') });

  await tools.getByRole('button', { name: 'Resume the clocks' }).click();
  for (const page of [white1.page, black1.page]) {
    await expect(page.getByLabel("Arbiter's notice")).toHaveText('The arbiter resumed the clocks.');
    await expect(page.getByText('The arbiter has paused the clocks.')).toHaveCount(0);
  }
  await tools.getByRole('button', { name: 'Close call' }).click();
  await expect(white1.page.getByText('The arbiter closed your call (Disconnection).')).toBeVisible();

  // Board 1 goes on: White moves, then Black resigns (asked first).
  await typeMove(white1.page, 'Nf3');
  await expect(black1.page.getByRole('list', { name: 'Moves' })).toContainText('Nf3');
  await black1.page.getByRole('button', { name: 'Resign' }).click();
  await black1.page.getByRole('button', { name: 'Yes, resign' }).click();
  for (const page of [white1.page, black1.page]) await expect(page.getByRole('status').filter({ hasText: 'Resignation — White wins' })).toBeVisible();
  await white1.page.screenshot({ path: path.join(SHOTS, 'team-swiss-online-game.png') });

  // Board 2: White's minute runs out; the server flags them, and both players read it.
  for (const page of [white2.page, black2.page]) {
    await expect(page.getByRole('status').filter({ hasText: 'Time out — Black wins' })).toBeVisible({ timeout: 90_000 });
  }

  // The event's audit log has each of the arbiter's actions, in words.
  await leader.page.goto(eventPath);
  await panel.getByText('Audit log', { exact: true }).click();
  const log = panel.getByRole('list', { name: 'Audit log' });
  const where = `round 1, match ${match.table}, board 1 \\(${white1.username} – ${black1.username}\\)`;
  await expect(log.getByRole('listitem')).toHaveText([
    new RegExp(`^Closed a call \\(disconnection\\) in ${where}`, 'i'),
    new RegExp(`^Resumed the clocks of ${where}`),
    new RegExp(`^Gave ${white1.username} 30 s more in ${where}`),
    new RegExp(`^Paused the clocks of ${where}`),
  ]);
  await log.screenshot({ path: path.join(SHOTS, 'team-swiss-audit-log.png') });

  // The spectator's page: the match is complete, 2 – 0 to the match's white team (board 1's
  // White and board 2's Black both play for it), and that team leads the standings; board 2's
  // result is the flag's, a played 0-1.
  await expect(spectator.getByText('Played online: each board is a game here, 1+0.')).toBeVisible();
  await expect(spectator.getByRole('table', { name: 'Matches of round 1' })).toContainText('2 – 0');
  const standings = spectator.getByRole('table', { name: 'Team standings' });
  await expect(standings.getByRole('row').nth(1)).toContainText(match.white.name);
  await spectator.getByRole('button', { name: `Boards of table ${match.table}` }).click();
  const boards = spectator.getByRole('table', { name: `Boards of table ${match.table}` });
  await expect(boards).toContainText('1-0');
  await expect(boards.getByRole('row').filter({ hasText: white2.username })).toContainText('0-1');
  await expect(boards.getByRole('link', { name: 'Game' })).toHaveCount(2);
  await spectator.screenshot({ path: path.join(SHOTS, 'team-swiss-online-spectator.png'), fullPage: true });
});
