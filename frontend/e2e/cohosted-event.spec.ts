/// <reference lib="dom" />
import path from 'node:path';

import { type Browser, type Page } from '@playwright/test';

import { PASSWORD, Player, newPage, uniqueName } from './support/api';
import { expect, test } from './support/test';

// Taken on every run, into test-results/ (docs/screenshots/ with E2E_SCREENSHOT_DIR).
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? path.join('test-results', 'screenshots');

type Board = { id: number; white: string; black: string };

/** A POST from the page's own session (cookie and CSRF token), as the app sends it. */
async function post<T>(page: Page, baseURL: string, url: string, data: object = {}): Promise<T> {
  await page.request.get('/api/auth/csrf/');
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const response = await page.request.post(url, { data, headers: { 'X-CSRFToken': csrf, Referer: `${baseURL}/` } });
  expect(response.ok(), `POST ${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A leader in a browser of their own: registered over the API (and so signed in), with a team. */
async function leaderWithTeam(browser: Browser, baseURL: string, prefix: string) {
  const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await page.goto('/');
  await post(page, baseURL, '/api/auth/register/', { username: uniqueName(prefix), password: PASSWORD });
  const team = await post<{ slug: string; name: string }>(page, baseURL, '/api/teams/', { name: uniqueName(prefix) });
  return { page, team };
}

test('a co-hosted event with two teams where teammates do not meet for three rounds', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const base = baseURL ?? '';
  const host = await leaderWithTeam(browser, base, 'Rooks');
  const guest = await leaderWithTeam(browser, base, 'Bishops');
  const event = await post<{ id: number }>(host.page, base, '/api/tournaments/swiss/', {
    team: host.team.slug,
    name: uniqueName('Inter-club'),
    num_rounds: 3,
    start_time: new Date(Date.now() + 3_600_000).toISOString(),
    clock_limit_seconds: 5400,
    clock_increment_seconds: 30,
    round_interval_seconds: null,
    mode: 'otb',
    teammates_do_not_meet: true,
    team_standings_top: 2,
  });
  const eventPath = `/api/tournaments/swiss/${event.id}`;

  // The host's leader finds the other team by its name in the arbiter panel and invites it…
  await host.page.goto(`/swiss/${event.id}`);
  const arbiter = host.page.getByRole('region', { name: 'Arbiter' });
  await arbiter.getByLabel('Find a team by name').fill(guest.team.name);
  await arbiter.getByRole('button', { name: `Invite ${guest.team.name}` }).click();
  // The co-hosts' list comes first (the search's list under the field goes once it is sent).
  await expect(arbiter.getByRole('listitem').filter({ hasText: guest.team.name }).first()).toContainText('invited');

  // …whose leader accepts on the team's page.
  await guest.page.goto(`/teams/${guest.team.slug}`);
  const invitations = guest.page.getByRole('region', { name: 'Co-host invitations' });
  await invitations.getByRole('button', { name: 'Accept' }).click();
  await expect(invitations.getByText('Co-hosting')).toBeVisible();

  // Four players of each team join, each for their own team.
  const teamOf = new Map<string, string>();
  for (const team of [host.team, guest.team])
    for (let i = 0; i < 4; i += 1) {
      const player = await Player.register(base, uniqueName(team.slug.slice(0, 5)));
      await player.post(`/api/teams/${team.slug}/join/`);
      const entry = await player.post<{ team: string }>(`${eventPath}/join/`);
      expect(entry.team).toBe(team.slug);
      teamOf.set(player.username, team.slug);
      await player.dispose();
    }

  await host.page.reload();
  const table = host.page.getByRole('table', { name: 'Team standings' });
  await expect(table.getByRole('row')).toHaveCount(3);
  // Each standings row names the team its player plays for.
  const [guestPlayer] = [...teamOf].find(([, slug]) => slug === guest.team.slug) ?? [''];
  const standings = host.page.getByRole('table', { name: 'Standings', exact: true });
  await expect(standings.getByRole('row').filter({ hasText: guestPlayer })).toContainText(guest.team.name);

  // Three rounds started in the panel, results set by the arbiter (white wins every board):
  // no board ever seats two teammates.
  const points = new Map<string, number>([...teamOf.keys()].map((name) => [name, 0]));
  for (const number of [1, 2, 3]) {
    await arbiter.getByRole('button', { name: `Start round ${number} now` }).click();
    await expect(arbiter.getByRole('heading', { name: `Results of round ${number}` })).toBeVisible();
    const round = await host.page.request.get(`${eventPath}/rounds/${number}/`);
    expect(round.ok()).toBe(true);
    const boards = ((await round.json()) as { pairings: Board[] }).pairings;
    expect(boards).toHaveLength(4);
    for (const board of boards) {
      expect(teamOf.get(board.white), `round ${number}: ${board.white} – ${board.black}`).not.toBe(teamOf.get(board.black));
      await post(host.page, base, `${eventPath}/pairings/${board.id}/result/`, { result: '1-0' });
      points.set(board.white, (points.get(board.white) ?? 0) + 1);
    }
  }

  // The team table, kept live by the pushes: each team's best two players' points.
  const best = (slug: string) =>
    [...points.entries()]
      .filter(([name]) => teamOf.get(name) === slug)
      .map(([, value]) => value)
      .sort((a, b) => b - a)
      .slice(0, 2)
      .reduce((sum, value) => sum + value, 0);
  for (const team of [host.team, guest.team])
    await expect(table.getByRole('row').filter({ hasText: team.name })).toContainText(`${best(team.slug).toFixed(1)}`);
  await expect(host.page.getByRole('region', { name: 'Podium' })).toBeVisible();
  await host.page.screenshot({ path: path.join(SHOTS, 'cohosted-event.png'), fullPage: true });
  await host.page.setViewportSize({ width: 360, height: 800 });
  await expect(table).toBeVisible();
  await host.page.screenshot({ path: path.join(SHOTS, 'cohosted-event-phone.png'), fullPage: true });
});
