/// <reference lib="dom" />
import path from 'node:path';

import type { Page } from '@playwright/test';

import { PASSWORD, Leader, Player, newPage, uniqueName } from './support/api';
import { logIn, standingsRow, yourEvent } from './support/pages';
import { expect, test } from './support/test';

// Taken on every run, into test-results/ (docs/screenshots/ with E2E_SCREENSHOT_DIR).
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? path.join('test-results', 'screenshots');

/** A member of the team (joined over the API, approved if the team asks) entered in the event. */
async function entered(baseURL: string, leader: Leader, team: string, eventId: number, prefix: string): Promise<Player> {
  const player = await Player.register(baseURL, uniqueName(prefix));
  const asked = await player.post<{ id?: number; role?: string }>(`/api/teams/${team}/join/`);
  if (asked.role === undefined) await leader.approve(team, asked.id!);
  await player.post(`/api/tournaments/swiss/${eventId}/join/`, {});
  return player;
}

// The players' table, not the team table.
const table = (page: Page) => page.getByRole('table', { name: 'Standings', exact: true });

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('a player who did not check in is told why they were not paired, at 360 px (issue 39, finding 6)', async ({ browser, baseURL }) => {
  const base = baseURL!;
  const leader = await Leader.create(base);
  const team = await leader.createTeam(uniqueName('Checkin Club '));
  // Round 1 in an hour, the window 30 minutes before it: joins do not check anyone in.
  const event = await leader.createEvent(team.slug, uniqueName('Club Night '), { mode: 'otb', checkin_minutes: 30 });
  const players = [];
  for (const prefix of ['ann', 'ben', 'cid']) players.push(await entered(base, leader, team.slug, event.id, prefix));
  const [ann, ben, cid] = players as [Player, Player, Player];
  // The window opens; two of three check in; round 1 is paired without the third.
  await leader.patch(`/api/tournaments/swiss/${event.id}/`, { checkin_minutes: 90 });
  for (const player of [ann, ben]) await player.post(`/api/tournaments/swiss/${event.id}/check-in/`);
  await leader.startNextRound(event.id);
  await leader.put(`/api/tournaments/swiss/${event.id}/prizes/`, {
    prizes: [
      { category: 'overall', place: 1, amount: '30.00', label: 'Book voucher' },
      { category: 'overall', place: 2, amount: '15.00', label: '' },
    ],
  });

  const page = await newPage(browser, { viewport: { width: 360, height: 800 } });
  await logIn(page, cid.username, PASSWORD);
  await page.goto(`/swiss/${event.id}`);
  const panel = yourEvent(page);
  await expect(panel).toContainText('You did not check in for round 1, so you were not paired; rejoin to play from round 2.');
  await expect(panel).not.toContainText('withdrawn');
  await expect(standingsRow(page, cid.username)).toContainText('(not checked in)');
  await expect(standingsRow(page, ann.username)).not.toContainText('(not checked in)');
  await expect(page.getByRole('region', { name: 'Pairings' })).toContainText(ann.username);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: path.join(SHOTS, 'check-in-missed-phone.png'), fullPage: true });
  // The prize table at 360 px: the whole prize, the headers apart (issue 39, low findings).
  const prizes = page.getByRole('table', { name: 'Prizes' });
  await expect(prizes.getByRole('row').nth(1)).toContainText('30.00 + Book voucher');
  // Each header but the last keeps a gap before the next ("PlacePrize" touched).
  const gaps = await prizes.getByRole('columnheader').evaluateAll((cells) =>
    cells.slice(0, -1).map((cell) => parseFloat(getComputedStyle(cell).paddingRight)),
  );
  expect(Math.min(...gaps)).toBeGreaterThanOrEqual(8);
  await page.getByRole('region', { name: 'Prizes' }).screenshot({ path: path.join(SHOTS, 'prizes-phone.png') });

  // The rejoin the message offers puts the player back.
  await panel.getByRole('button', { name: 'Rejoin' }).click();
  await expect(panel).toContainText('You are playing in this event.');
  await expect(standingsRow(page, cid.username)).not.toContainText('(not checked in)');

  for (const player of players) await player.dispose();
  await leader.dispose();
});

test('hidden standings: a visitor and a player are told so, the host leader sees all (issue 39, finding 7)', async ({ browser, baseURL }) => {
  const base = baseURL!;
  // A missing event's page opens no socket (it would be refused).
  const visitor = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  const sockets: string[] = [];
  visitor.on('websocket', (socket) => sockets.push(socket.url()));
  await visitor.goto('/swiss/987654321');
  await expect(visitor.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect(sockets.filter((url) => url.includes('/ws/tournaments/'))).toEqual([]);

  // A co-hosted event with hidden standings, round 1 under way.
  const host = await Leader.create(base);
  const guest = await Leader.create(base);
  const hostTeam = await host.createTeam(uniqueName('Rook Society '));
  const guestTeam = await guest.createTeam(uniqueName('Bishop Circle of Long Name '));
  const event = await host.createEvent(hostTeam.slug, uniqueName('Hidden Open '), { mode: 'otb', standings_hidden: true });
  const eventPath = `/api/tournaments/swiss/${event.id}`;
  await host.post(`${eventPath}/cohosts/`, { team: guestTeam.slug });
  await guest.post(`${eventPath}/cohosts/${guestTeam.slug}/accept/`);
  const players: Player[] = [];
  for (const [leader, team] of [
    [host, hostTeam],
    [guest, guestTeam],
  ] as const)
    for (const prefix of ['dee', 'eve']) players.push(await entered(base, leader, team.slug, event.id, prefix));
  await host.startNextRound(event.id);
  const boards = (await (await visitor.request.get(`${eventPath}/rounds/1/`)).json()) as { pairings: { id: number }[] };
  // One result in, one board still played: the round is open.
  await host.post(`${eventPath}/pairings/${boards.pairings[0]!.id}/result/`, { result: '1-0' });

  await visitor.goto(`/swiss/${event.id}`);
  const standingsRegion = visitor.getByRole('region', { name: 'Standings', exact: true });
  await expect(standingsRegion.getByText('Standings are hidden until the event ends.')).toBeVisible();
  await expect(visitor.getByText('Nobody has joined yet.')).toHaveCount(0);
  await expect(visitor.getByRole('heading', { name: 'Team standings' })).toHaveCount(0);
  // The header still counts the players and names both hosts.
  await expect(visitor.getByRole('definition').filter({ hasText: /^4$/ })).toBeVisible();
  await expect(visitor.getByText(`${hostTeam.name} with ${guestTeam.name}`)).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Pairings' })).toContainText('1-0');
  await visitor.screenshot({ path: path.join(SHOTS, 'hidden-standings.png'), fullPage: true });

  // A player reads their own row alone, and is told why.
  const [dee] = players as [Player];
  const player = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await logIn(player, dee.username, PASSWORD);
  await player.goto(`/swiss/${event.id}`);
  await expect(player.getByText('Standings are hidden until the event ends. You see your own row only.')).toBeVisible();
  await expect(table(player).getByRole('row')).toHaveCount(2);
  await expect(player.getByRole('heading', { name: 'Team standings' })).toHaveCount(0);

  // The host's leader reads every row and the team table; the manual-pairing editor asks the
  // API nothing it would refuse while the round is open.
  const leaderPage = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  const refused: string[] = [];
  leaderPage.on('response', (response) => {
    if (response.url().includes('/pairing-proposal/') && response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
  });
  await logIn(leaderPage, host.username, PASSWORD);
  await leaderPage.goto(`/swiss/${event.id}`);
  await expect(table(leaderPage).getByRole('row')).toHaveCount(5);
  await expect(leaderPage.getByRole('table', { name: 'Team standings' })).toBeVisible();
  await expect(leaderPage.getByText('Round 1 is not complete: the editor opens for round 2 once every board has a result.')).toBeVisible();
  expect(refused).toEqual([]);
  // The Team column fits: the standings box needs no sideways scrolling at 1280 px.
  const box = table(leaderPage).locator('..');
  const [scrollWidth, clientWidth] = await box.evaluate((element) => [element.scrollWidth, element.clientWidth]);
  expect(scrollWidth, `the standings box: ${scrollWidth} px of content in ${clientWidth} px`).toBeLessThanOrEqual(clientWidth);
  await leaderPage.getByRole('region', { name: 'Standings', exact: true }).screenshot({ path: path.join(SHOTS, 'standings-team-column.png') });

  for (const one of players) await one.dispose();
  await host.dispose();
  await guest.dispose();
});
