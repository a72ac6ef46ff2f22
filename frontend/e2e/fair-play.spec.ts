/// <reference lib="dom" />
import path from 'node:path';

import { Leader, PASSWORD, Player, uniqueName } from './support/api';
import { logIn, standingsRow, yourEvent } from './support/pages';
import { expect, test } from './support/test';

// Taken on every run, into test-results/ (docs/screenshots/ with E2E_SCREENSHOT_DIR).
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? path.join('test-results', 'screenshots');

test('the fair-play entry rules are shown before joining, and a player who does not meet one is refused', async ({ page, baseURL }) => {
  const leader = await Leader.create(baseURL!);
  const team = await leader.createTeam(uniqueName('Fair Entry Club '));
  // 5+3: blitz. The player's account is new and has no rated blitz game.
  const event = await leader.createEvent(team.slug, uniqueName('Fair Entry Swiss '), { min_account_age_days: 0, min_rated_games: 5 });
  const name = uniqueName('newbie');
  const player = await Player.register(baseURL!, name);
  const asked = await player.post<{ id?: number; role?: string }>(`/api/teams/${team.slug}/join/`);
  if (asked.role === undefined) await leader.approve(team.slug, asked.id!);

  await page.setViewportSize({ width: 360, height: 800 });
  await logIn(page, name, PASSWORD);
  await page.goto(`/swiss/${event.id}`);
  const conditions = page.getByRole('region', { name: 'Entry conditions' });
  const games = conditions.locator('[data-condition="min_rated_games"]');
  await expect(games).toHaveText(/At least 5 rated games at blitz \(not met\) · You have played 0 rated games/);
  await expect(conditions.locator('[data-condition="min_account_age_days"]')).toHaveCount(0); // 0 asks nothing
  await yourEvent(page).getByRole('button', { name: 'Join' }).click();
  await expect(yourEvent(page)).toContainText('You need at least 5 rated blitz games to join (you have 0).');
  await page.screenshot({ path: path.join(SHOTS, 'entry-rules-refused-phone.png'), fullPage: true });
  await player.dispose();
  await leader.dispose();
});

test('a leader disqualifies the winner of a finished event: the standings and the prize winner move', async ({ page, baseURL }) => {
  // One round over the board, two registered players, a prize for first place: set up over the API.
  const leader = await Leader.create(baseURL!);
  const team = await leader.createTeam(uniqueName('Fair Ruling Club '));
  const event = await leader.createEvent(team.slug, uniqueName('Fair Ruling Swiss '), {
    mode: 'otb',
    num_rounds: 1,
    disqualification_games: 'forfeit',
  });
  const base = `/api/tournaments/swiss/${event.id}`;
  await leader.post(`${base}/registered/`, {
    players: [
      { name: 'Able, Ann', rating: 2000, rating_kind: 'fide' },
      { name: 'Berg, Bo', rating: 1900, rating_kind: 'fide' },
    ],
  });
  await leader.put(`${base}/prizes/`, { sharing: 'hort', prizes: [{ category: 'overall', place: 1, amount: '100' }] });
  await leader.startNextRound(event.id);
  const round = (await (await page.request.get(`${base}/rounds/1/`)).json()) as { pairings: { id: number; white: string; black: string }[] };
  const board = round.pairings[0]!;
  await leader.post(`${base}/pairings/${board.id}/result/`, { result: '1-0' }); // the last round: over
  const [cheat, victim] = [board.white, board.black];

  await logIn(page, leader.username, PASSWORD);
  await page.goto(`/swiss/${event.id}`);
  const prizes = page.getByRole('table', { name: 'Prizes' });
  await expect(prizes).toContainText(cheat);
  const panel = page.getByRole('region', { name: 'Arbiter' });
  await panel.getByText(/^Players \(\d+\)$/).click();
  await expect(panel.getByRole('button', { name: /^Withdraw / })).toHaveCount(0);
  await panel.getByRole('button', { name: `Disqualify ${cheat}` }).click();
  const form = panel.getByRole('form', { name: `Disqualify ${cheat}` });
  await expect(form).toContainText('after the end (a fair-play ruling)');
  await form.getByLabel('Reason').fill('Engine assistance (fair-play review)');
  await form.getByRole('button', { name: 'Confirm disqualification' }).click();
  await expect(form).toHaveCount(0);

  await expect(standingsRow(page, cheat)).toContainText('(disqualified)');
  await expect(prizes).toContainText(victim);
  await expect(prizes).not.toContainText(cheat);
  await page.screenshot({ path: path.join(SHOTS, 'retroactive-disqualification.png'), fullPage: true });
  await leader.dispose();
});
