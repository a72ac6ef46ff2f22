import { Leader, PASSWORD, newPage, uniqueName } from './support/api';
import { joinTeamAndEvent, pairings, registerAndLogIn, standingsRow, yourEvent } from './support/pages';
import { expect, test } from './support/test';

test('after a rated game the boards show the rating change and the profile draws the chart', async ({
  browser,
  baseURL,
}) => {
  test.slow(); // two players' sign-ups, a round and three pages
  const leader = await Leader.create(baseURL!);
  const team = await leader.createTeam(uniqueName('E2E Rated '));
  // Over the board (5+3: blitz): the players report their result.
  const event = await leader.createEvent(team.slug, uniqueName('E2E Rated Swiss '), { mode: 'otb' });
  const [alice, bob] = [uniqueName('alice'), uniqueName('bob')];
  const alicePage = await newPage(browser);
  const bobPage = await newPage(browser);
  await registerAndLogIn(alicePage, alice, PASSWORD);
  await registerAndLogIn(bobPage, bob, PASSWORD);
  await joinTeamAndEvent(alicePage, team.slug, event);
  await joinTeamAndEvent(bobPage, team.slug, event);

  await leader.startNextRound(event.id);
  await expect(yourEvent(alicePage)).toContainText(`against ${bob}`);
  await yourEvent(alicePage).getByRole('button', { name: 'I won' }).click();
  await yourEvent(alicePage).getByRole('button', { name: 'Yes, I won' }).click();

  // Once stored, the boards are read afresh (the live push is live-round.spec.ts's subject).
  await expect
    .poll(async () => {
      const round = await alicePage.request.get(`/api/tournaments/swiss/${event.id}/rounds/1/`);
      return ((await round.json()) as { pairings: { result: string }[] }).pairings[0]?.result;
    })
    .toMatch(/^(1-0|0-1)$/);
  await bobPage.reload();
  await alicePage.reload();
  // Both new players entered at 1500; the winner gains what the loser gives (new players alike).
  const board = pairings(bobPage).getByRole('listitem').filter({ hasText: alice });
  await expect(board).toContainText(/\+\d+/);
  await expect(board).toContainText(/−\d+/);
  await expect(standingsRow(bobPage, alice)).toContainText(/1500 \+\d+/);

  // The winner's profile, opened from her standings sheet: a provisional blitz rating above
  // 1500 and the history chart.
  await standingsRow(alicePage, alice).getByRole('button', { name: alice }).click();
  await alicePage.getByRole('dialog', { name: `${alice}'s games` }).getByRole('link', { name: 'profile and rating history' }).click();
  await expect(alicePage).toHaveURL(new RegExp(`/@/${alice}$`));
  await expect(alicePage.getByRole('heading', { level: 1, name: alice })).toBeVisible();
  const blitz = alicePage.getByRole('tab', { name: /Blitz/ });
  await expect(blitz).toHaveAttribute('aria-selected', 'true');
  await expect(blitz).toContainText(/1[5-9]\d\d\?/);
  await expect(blitz).toContainText('1 rated game');
  const chart = alicePage.getByRole('img', { name: /Blitz rating over 1 rated games: from 1500 to 1[5-9]\d\d/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('canvas')).toBeVisible();
  const size = await chart.locator('canvas').boundingBox();
  expect(size?.width ?? 0).toBeGreaterThan(200);
  await expect(alicePage.getByRole('table', { name: 'Blitz rated games' })).toContainText(`won against ${bob}`);
  await expect(alicePage.getByRole('list', { name: 'Events' }).getByRole('link', { name: event.name })).toBeVisible();
  await leader.dispose();
});
