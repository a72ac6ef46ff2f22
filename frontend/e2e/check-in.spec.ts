/// <reference lib="dom" />
import path from 'node:path';


import { PASSWORD, Leader, Player, uniqueName } from './support/api';
import { logIn, standingsRow, yourEvent } from './support/pages';
import { expect, test } from './support/test';

// Taken on every run, into test-results/ (docs/screenshots/ with E2E_SCREENSHOT_DIR).
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? path.join('test-results', 'screenshots');

test('a check-in window pauses the player who did not check in when round 1 is paired', async ({ page, baseURL }) => {
  const leader = await Leader.create(baseURL!);
  const team = await leader.createTeam(uniqueName('Checkin Club '));
  // Round 1 in an hour, the window 30 minutes before it: not open yet (a join in the window
  // would count as a check-in). Over the board, manual mode.
  const start = new Date(Date.now() + 60 * 60 * 1000);
  const event = await leader.createEvent(team.slug, uniqueName('Checkin Swiss '), {
    mode: 'otb',
    start_time: start.toISOString(),
    round_times: [start.toISOString()],
    checkin_minutes: 30,
  });
  const [alice, bob, carol] = ['alice', 'bob', 'carol'].map((name) => uniqueName(name)) as [string, string, string];
  const players: Player[] = [];
  for (const name of [alice, bob, carol]) {
    const player = await Player.register(baseURL!, name);
    const asked = await player.post<{ id?: number; role?: string }>(`/api/teams/${team.slug}/join/`);
    if (asked.role === undefined) await leader.approve(team.slug, asked.id!);
    await player.post(`/api/tournaments/swiss/${event.id}/join/`, {});
    players.push(player);
  }

  await logIn(page, alice, PASSWORD);
  await page.goto(`/swiss/${event.id}`);
  await expect(page.getByText('Check-in opens 30 minutes before round 1')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Round start times' })).toContainText('Round 1:');
  await expect(page.getByRole('link', { name: /Add the rounds to your calendar/ })).toHaveAttribute('href', `/swiss/${event.id}.ics`);
  const panel = yourEvent(page);
  await expect(panel).toContainText(/Check-in opens .* \(in [\d:]+\)/);
  await expect(panel.getByRole('button', { name: 'Check in' })).toHaveCount(0);

  // The leader widens the window to 90 minutes: it opens, pushed to the open page.
  await leader.patch(`/api/tournaments/swiss/${event.id}/`, { checkin_minutes: 90 });
  await expect(page.getByText('Check-in opens 90 minutes before round 1')).toBeVisible();
  // Alice checks in on the event page; bob over the API; carol does not.
  await panel.getByRole('button', { name: 'Check in' }).click();
  await expect(panel.getByRole('status')).toHaveText('You are checked in for round 1.');
  await page.screenshot({ path: path.join(SHOTS, 'check-in.png'), fullPage: true });
  await players[1]!.post(`/api/tournaments/swiss/${event.id}/check-in/`);

  await leader.startNextRound(event.id);

  // Pushed to the open page: carol sits round 1 out, paused (listed as not checked in), not forfeited.
  await expect(standingsRow(page, carol)).toContainText('(not checked in)');
  await expect(standingsRow(page, alice)).not.toContainText('(not checked in)');
  const round = (await (await page.request.get(`/api/tournaments/swiss/${event.id}/rounds/1/`)).json()) as {
    pairings: { white: string; black: string }[];
    byes: { username: string; kind: string }[];
  };
  expect(round.pairings.flatMap((board) => [board.white, board.black]).sort()).toEqual([alice, bob].sort());
  expect(round.byes).toEqual([{ username: carol, kind: 'Z', not_yet_joined: false }]);

  for (const player of players) await player.dispose();
  await leader.dispose();
});
