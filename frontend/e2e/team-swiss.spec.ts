/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { type Browser, type Page } from '@playwright/test';

import { PASSWORD, newPage, uniqueName } from './support/api';
import { expect, test } from './support/test';

// Taken on every run, into test-results/ (docs/screenshots/ with E2E_SCREENSHOT_DIR).
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? path.join('test-results', 'screenshots');

type Seat = { username: string | null } | null;
type Board = { board: number; white: Seat; black: Seat; result: string };
type Match = { table: number; white: { tpn: number; name: string }; black: { tpn: number; name: string } | null; boards: Board[] };
type Standing = { tpn: number; name: string; match_points: string; game_points: string };

/** A request from the page's own session (cookie and CSRF token), as the app sends it. */
async function send<T>(page: Page, baseURL: string, method: 'post' | 'put', url: string, data: object = {}): Promise<T> {
  await page.request.get('/api/auth/csrf/');
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const response = await page.request[method](url, { data, headers: { 'X-CSRFToken': csrf, Referer: `${baseURL}/` } });
  expect(response.ok(), `${method.toUpperCase()} ${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.ok(), `GET ${url}`).toBe(true);
  return (await response.json()) as T;
}

/** A user in a browser context of their own, registered over the API (and so signed in). */
async function signedIn(browser: Browser, baseURL: string, prefix: string, viewport = { width: 1280, height: 900 }) {
  const page = await newPage(browser, { viewport });
  await page.goto('/');
  const username = uniqueName(prefix);
  await send(page, baseURL, 'post', '/api/auth/register/', { username, password: PASSWORD });
  return { page, username };
}

/** "1.5" → 1.5; "1½" → 1.5; "½" → 0.5 (the page writes halves as ½). */
const points = (text: string) => {
  const clean = text.trim().replace('−', '-');
  return clean.endsWith('½') ? Number(clean.slice(0, -1) || '0') + 0.5 : Number(clean);
};

test('team Swiss: four teams, captains set line-ups in the browser, a spectator sees the round live, the TRF agrees', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const base = baseURL ?? '';

  // The host's leader, with a team, and the captains and players (accounts over the API).
  const leader = await signedIn(browser, base, 'host');
  const club = await send<{ slug: string; name: string }>(leader.page, base, 'post', '/api/teams/', { name: uniqueName('Swiss Club') });
  const captainA = await signedIn(browser, base, 'capA');
  const captainB = await signedIn(browser, base, 'capB');
  const spectator = await newPage(browser, { viewport: { width: 1280, height: 900 } });

  // The leader creates the event in the browser: team page → "New team Swiss" → the form.
  await leader.page.goto(`/teams/${club.slug}`);
  await leader.page.getByRole('link', { name: 'New team Swiss' }).click();
  await expect(leader.page).toHaveURL(/\/team-swiss\/new\?team=/);
  const eventName = uniqueName('Team Cup ');
  const form = leader.page.getByRole('form', { name: 'New team Swiss' });
  await form.getByLabel('Name').fill(eventName);
  await form.getByLabel('Boards per match').fill('2');
  await form.getByLabel('Rounds').fill('3');
  await form.getByRole('button', { name: 'Create team Swiss' }).click();
  await expect(leader.page).toHaveURL(/\/team-swiss\/\d+$/);
  const eventId = Number(new URL(leader.page.url()).pathname.split('/').pop());
  const api = `/api/team-swiss/${eventId}`;
  await expect(leader.page.getByRole('heading', { level: 1, name: eventName })).toBeVisible();
  await expect(leader.page.getByText('No teams yet.').first()).toBeVisible();
  await expect(leader.page.getByText('Not paired yet.').first()).toBeVisible();

  // Team 1 is registered in the arbiter panel: captain A on board 1, a player, and a reserve.
  // The accounts are invited (their names and ratings are their own), not put on the squad.
  const panel = leader.page.getByRole('region', { name: 'Arbiter' });
  const register = panel.getByRole('form', { name: 'Register a team' });
  const partnerA = uniqueName('a2');
  await send(await newPage(browser), base, 'post', '/api/auth/register/', { username: partnerA, password: PASSWORD });
  await register.getByLabel('Team name').fill('Alpha');
  await register.getByLabel('Captain (username)').fill(captainA.username);
  await register.getByLabel('Player 1 username').fill(captainA.username);
  await expect(register.getByLabel('Player 1 rating')).toBeDisabled();
  await register.getByLabel('Player 2 username').fill(partnerA);
  await register.getByRole('button', { name: 'Add a player' }).click();
  await register.getByLabel('Player 3 name').fill('Reserve Alpha');
  await register.getByLabel('Player 3 rating').fill('1900');
  await register.getByRole('button', { name: 'Register team' }).click();
  await expect(register.getByRole('status')).toHaveText('Alpha is team no. 1.');

  // Captain A accepts on their account page, and plays from then on (board 1 is theirs).
  await captainA.page.goto('/account');
  const invitation = captainA.page.getByRole('listitem', { name: new RegExp(`^Alpha in ${eventName}`) });
  await invitation.getByRole('button', { name: 'Accept' }).click();
  await expect(captainA.page.getByText('No pending invitations.')).toBeVisible();

  // Teams 2–4 over the API (set-up): captain B's team has a reserve that B will field.
  const squad = (team: string, rating: number) => [
    { name: `${team} One`, rating },
    { name: `${team} Two`, rating: rating - 50 },
    { name: `${team} Reserve`, rating: rating - 100 },
  ];
  await send(leader.page, base, 'post', `${api}/teams/`, {
    name: 'Bravo',
    captain: captainB.username,
    players: [{ username: captainB.username }, ...squad('Bravo', 1980).slice(1)],
  });
  type Invitations = { results: { id: number; event: { id: number } }[] };
  const invited = await getJson<Invitations>(captainB.page, '/api/team-swiss/invitations/');
  for (const each of invited.results.filter((one) => one.event.id === eventId))
    await send(captainB.page, base, 'post', `${api}/invitations/${each.id}/accept/`);
  await send(leader.page, base, 'post', `${api}/teams/`, { name: 'Charlie', players: squad('Charlie', 1990) });
  await send(leader.page, base, 'post', `${api}/teams/`, { name: 'Delta', players: squad('Delta', 1950) });

  // Everyone opens the event page; a mark on each window proves no page reloads from here on.
  const eventPath = `/team-swiss/${eventId}`;
  for (const page of [spectator, captainA.page, captainB.page, leader.page]) {
    await page.goto(eventPath);
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  }
  await expect(spectator.getByRole('region', { name: 'Arbiter' })).toHaveCount(0);
  await expect(spectator.getByRole('listitem', { name: 'Bravo' })).toContainText('reserve');

  // 1. The leader pairs round 1; the spectator sees the matches without reloading.
  await panel.getByRole('button', { name: 'Pair round 1' }).click();
  const spectatorMatches = spectator.getByRole('table', { name: 'Matches of round 1' });
  await expect(spectatorMatches.getByRole('row')).toHaveCount(3);

  // 2. The captains set their line-ups in the browser (the button appears live).
  await captainA.page.getByRole('region', { name: 'Your team' }).getByRole('link', { name: 'Line-up' }).click();
  const lineupA = captainA.page.getByRole('form', { name: 'Line-up' });
  await expect(captainA.page.getByRole('timer')).toContainText(/Line-ups close in \d+:\d\d/);
  await lineupA.getByRole('button', { name: 'Submit line-up' }).click();
  await expect(captainA.page).toHaveURL(new RegExp(`${eventPath}$`));

  await captainB.page.getByRole('region', { name: 'Your team' }).getByRole('link', { name: 'Line-up' }).click();
  const lineupB = captainB.page.getByRole('form', { name: 'Line-up' });
  // The reserve above board 1's player is refused here, beside the board…
  await lineupB.getByLabel('Board 1').selectOption({ label: '3. Bravo Reserve (1880) — reserve' });
  await expect(lineupB.getByText(/Boards follow the squad order/)).toBeVisible();
  // …the reserve on board 2 keeps the order.
  await lineupB.getByLabel('Board 1').selectOption({ index: 1 });
  await lineupB.getByLabel('Board 2').selectOption({ label: '3. Bravo Reserve (1880) — reserve' });
  await expect(lineupB.getByText(/Boards follow the squad order/)).toHaveCount(0);
  await captainB.page.screenshot({ path: path.join(SHOTS, 'team-swiss-lineup.png'), fullPage: true });
  await lineupB.getByRole('button', { name: 'Submit line-up' }).click();
  await expect(captainB.page).toHaveURL(new RegExp(`${eventPath}$`));
  await expect(spectator.getByText('2 of 4 teams have submitted their line-up')).toBeVisible();

  // 3. The leader closes the line-ups: the boards appear, Bravo's reserve on board 2.
  await panel.getByRole('button', { name: 'Close line-ups of round 1' }).click();
  await expect(panel.getByRole('table', { name: 'Results of round 1' })).toBeVisible();
  const round = await getJson<{ matches: Match[] }>(leader.page, `${api}/rounds/1/`);
  const bravo = round.matches.find((match) => match.white.name === 'Bravo' || match.black?.name === 'Bravo');
  expect(bravo?.boards.find((board) => board.board === 2)).toBeTruthy();
  await spectatorMatches.getByRole('row').filter({ hasText: 'Bravo' }).getByRole('button', { name: /Boards of table/ }).click();
  await expect(spectator.getByRole('table', { name: `Boards of table ${bravo?.table}` })).toContainText('Bravo Reserve');

  // 4. Results: captain A reports their own board (highlighted on their page) from their side
  // (team-swiss-report.spec.ts walks the confirmation and the dispute)…
  const own = captainA.page.getByRole('row').and(captainA.page.locator('[aria-current="true"]'));
  await expect(own).toContainText(captainA.username);
  const game = captainA.page.getByRole('region', { name: 'Your game' });
  await game.getByRole('button', { name: 'I won' }).click();
  await game.getByRole('button', { name: /^Yes, I won/ }).click();
  await expect(game).toContainText('You reported that you won');
  // The report reaches the leader's panel by the push: that board now offers "Correct".
  await expect(panel.getByRole('button', { name: /^Correct table \d board \d$/ })).toHaveCount(1);
  await panel.screenshot({ path: path.join(SHOTS, 'team-swiss-arbiter-panel.png') });

  // …and the leader sets every other board in the panel (White wins odd boards, draws even ones).
  const results = panel.getByRole('table', { name: 'Results of round 1' });
  for (const match of round.matches.filter((each) => each.black !== null))
    for (const board of match.boards) {
      const mine = board.white?.username === captainA.username || board.black?.username === captainA.username;
      if (mine) continue;
      const label = `table ${match.table} board ${board.board}`;
      await results.getByLabel(`Result of ${label}`).selectOption(board.board % 2 === 1 ? '1-0' : '1/2');
      await results.getByRole('button', { name: `Set ${label}` }).click();
      // The result is shown before it is saved.
      await leader.page.getByRole('dialog').getByRole('button', { name: 'Confirm result' }).click();
      await expect(results.getByRole('button', { name: `Set ${label}` })).toHaveCount(0);
    }

  // 5. The spectator's page shows the match scores and the standings, live (two matches: 2 + 2 match points).
  await expect(spectatorMatches.getByRole('row').filter({ hasText: /\d½? – \d½?|½ – / })).toHaveCount(2);
  const standings = await getJson<{ standings: Standing[] }>(spectator, `${api}/standings/`);
  const table = spectator.getByRole('table', { name: 'Team standings' });
  for (const row of standings.standings) {
    const cells = table.getByRole('row').filter({ hasText: row.name }).locator('td');
    await expect.poll(async () => points(await cells.nth(2).innerText()), { message: `${row.name}'s match points` }).toBe(Number(row.match_points));
    await expect.poll(async () => points(await cells.nth(3).innerText())).toBe(Number(row.game_points));
  }
  // The tie-breaks in the event's order: the form's default (its first, game points, is the GP
  // column already; team-swiss-setup.spec.ts walks the order's list).
  await expect(table.getByRole('columnheader')).toHaveText(['#', 'Team', 'MP', 'GP', 'BH/C1', 'BH', 'ESB/C1']);
  expect(standings.standings.reduce((sum, row) => sum + Number(row.match_points), 0)).toBe(4);
  for (const page of [spectator, captainA.page, captainB.page, leader.page])
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

  // Screenshots: the event page, the arbiter panel, the event page on a 360 px phone.
  await spectator.screenshot({ path: path.join(SHOTS, 'team-swiss.png'), fullPage: true });
  await spectator.setViewportSize({ width: 360, height: 800 });
  await expect(table).toBeVisible();
  expect(await spectator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await spectator.screenshot({ path: path.join(SHOTS, 'team-swiss-phone.png'), fullPage: true });
  await spectator.setViewportSize({ width: 1280, height: 900 });

  // 6. The TRF-2026 export, read back by FIDE's gacrux, has the standings shown.
  const downloading = spectator.waitForEvent('download');
  await spectator.getByRole('link', { name: 'Download TRF' }).click();
  const file = await (await downloading).path();
  const trf = JSON.parse(
    execFileSync('../.venv/bin/python', ['e2e/support/team_trf_points.py', file], { env: { ...process.env, PYTHONPATH: '..' } }).toString(),
  ) as { teams: { name: string; match_points: string; game_points: string; gacrux_match_points: string; gacrux_game_points: string }[] };
  expect(trf.teams).toHaveLength(4);
  for (const team of trf.teams) {
    const cells = table.getByRole('row').filter({ hasText: team.name }).locator('td');
    const shownMp = points(await cells.nth(2).innerText());
    const shownGp = points(await cells.nth(3).innerText());
    expect([Number(team.match_points), Number(team.gacrux_match_points)], `${team.name}: match points`).toEqual([shownMp, shownMp]);
    expect([Number(team.game_points), Number(team.gacrux_game_points)], `${team.name}: game points`).toEqual([shownGp, shownGp]);
  }

  // 7. The same file imported on the create page becomes an event with round 1 and its standings.
  // The team page lists the event; its "New team Swiss" leads to the create page and the import.
  await leader.page.goto(`/teams/${club.slug}`);
  await expect(leader.page.getByRole('list', { name: 'Team Swiss events' }).getByRole('link', { name: eventName })).toBeVisible();
  await leader.page.getByRole('link', { name: 'New team Swiss' }).click();
  const upload = leader.page.getByRole('form', { name: 'Import a team TRF' });
  await upload.getByLabel(/Team TRF file/).setInputFiles(file);
  await upload.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(leader.page).toHaveURL(/\/team-swiss\/\d+$/);
  expect(leader.page.url()).not.toMatch(new RegExp(`/team-swiss/${eventId}$`));
  const imported = leader.page.getByRole('table', { name: 'Team standings' });
  for (const team of trf.teams)
    await expect
      .poll(async () => points(await imported.getByRole('row').filter({ hasText: team.name }).locator('td').nth(2).innerText()))
      .toBe(Number(team.match_points));
  await expect(leader.page.getByRole('table', { name: 'Matches of round 1' }).getByRole('row')).toHaveCount(3);
});
