/// <reference lib="dom" />
import path from 'node:path';

import { type Browser, type Page } from '@playwright/test';

import { PASSWORD, newPage, uniqueName } from './support/api';
import { expect, test } from './support/test';

// Issue 43: a team Swiss event played online. Set up over the API; what runs in the browser is
// the flow under test: the line-ups close, the four players are taken to their games, board 1 is
// played and resigned on the game page, board 2's White never moves and the server flags them
// (the first-move deadline), and a spectator's team event page shows the match and standings live.

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

test('team Swiss online: the line-ups close, the players are taken to their games, a resignation and a no-show make the match, live for a spectator', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const base = baseURL ?? '';
  const leader = await signedIn(browser, base, 'arb');
  const club = await send<{ slug: string }>(leader.page, base, '/api/teams/', { name: uniqueName('Online Club ') });
  // A bullet clock (1+0): its first-move deadline is the shortest, for the no-show below.
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

  // Everyone waits on the event page, live; the spectator is signed out.
  const eventPath = `/team-swiss/${event.id}`;
  const spectator = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  const players = [...alpha, ...bravo];
  for (const page of [spectator, ...players.map((player) => player.page)]) {
    await page.goto(eventPath);
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  }
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

  // Board 1: a few moves, then Black resigns (asked first).
  await typeMove(white1.page, 'e4');
  await typeMove(black1.page, 'e5');
  await typeMove(white1.page, 'Nf3');
  await expect(black1.page.getByRole('list', { name: 'Moves' })).toContainText('Nf3');
  await black1.page.getByRole('button', { name: 'Resign' }).click();
  await black1.page.getByRole('button', { name: 'Yes, resign' }).click();
  for (const page of [white1.page, black1.page]) await expect(page.getByRole('status').filter({ hasText: 'Resignation — White wins' })).toBeVisible();
  await white1.page.screenshot({ path: path.join(SHOTS, 'team-swiss-online-game.png') });

  // Board 2: White never moves; at the first-move deadline the server ends it as a no-show.
  const white2 = byName(board2!.white);
  await expect(white2.page.getByRole('status').filter({ hasText: 'No first move — Black wins' })).toBeVisible({ timeout: 40_000 });

  // The spectator's page: the match is complete, 2 – 0 to the match's white team (board 1's
  // White and board 2's Black both play for it), and that team leads the standings.
  await expect(spectator.getByText('Played online: each board is a game here, 1+0.')).toBeVisible();
  await expect(spectator.getByRole('table', { name: 'Matches of round 1' })).toContainText('2 – 0');
  const standings = spectator.getByRole('table', { name: 'Team standings' });
  await expect(standings.getByRole('row').nth(1)).toContainText(match.white.name);
  await spectator.getByRole('button', { name: `Boards of table ${match.table}` }).click();
  const boards = spectator.getByRole('table', { name: `Boards of table ${match.table}` });
  await expect(boards).toContainText('1-0');
  await expect(boards).toContainText('-+');
  await expect(boards.getByRole('link', { name: 'Game' })).toHaveCount(2);
  await spectator.screenshot({ path: path.join(SHOTS, 'team-swiss-online-spectator.png'), fullPage: true });
});
