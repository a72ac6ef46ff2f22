import { type Page } from '@playwright/test';

import { Leader, PASSWORD, newPage, uniqueName } from './support/api';
import { logIn, registerAndLogIn, yourEvent } from './support/pages';
import { expect, test } from './support/test';

/** A POST from the page's signed-in session, with the CSRF token the API asks of it. */
async function postAsPage(page: Page, baseURL: string, url: string, data: object) {
  await page.request.get('/api/auth/csrf/');
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  return page.request.post(url, { data, headers: { 'X-CSRFToken': csrf, Referer: `${baseURL}/` } });
}

test('a member claims a registered entry; the arbiter declines one claim (still told after a reload) and approves the next, and the member plays as that entry', async ({ browser, baseURL }) => {
  // Set up over the API: an over-the-board event with two players entered by name.
  const leader = await Leader.create(baseURL!);
  const team = await leader.createTeam(uniqueName('E2E Claims '));
  const event = await leader.createEvent(team.slug, uniqueName('E2E OTB '), { mode: 'otb' });
  const arbiter = await newPage(browser);
  await logIn(arbiter, leader.username, PASSWORD);
  const added = await postAsPage(arbiter, baseURL!, `/api/tournaments/swiss/${event.id}/registered/`, {
    players: [
      { name: 'Andersen, Kari', rating: 1912, federation: 'NOR' },
      { name: 'Berg, Lise', rating: 1745, federation: 'SWE' },
    ],
  });
  expect(added.status(), await added.text()).toBe(201);

  // The member finds a name on the event page and claims it; the arbiter declines the claim.
  const memberName = uniqueName('claimant');
  const member = await newPage(browser);
  await registerAndLogIn(member, memberName, PASSWORD);
  // Only the team's members may claim an entry (issue 25): the member joins the open team.
  const joined = await postAsPage(member, baseURL!, `/api/teams/${team.slug}/join/`, {});
  expect(joined.status(), await joined.text()).toBeLessThan(300);
  await member.goto(`/swiss/${event.id}`);
  const panel = yourEvent(member);
  await expect(panel.getByRole('heading', { name: 'Are you one of the registered players? Claim your entry' })).toBeVisible();
  const claimAs = async (label: string, name: string) => {
    await panel.getByRole('combobox', { name: 'Registered player' }).selectOption({ label });
    await panel.getByRole('button', { name: 'Claim entry' }).click();
    await expect(panel.getByRole('status')).toHaveText(`Claim sent — waiting for the arbiter (${name}).`);
  };
  await claimAs('Andersen, Kari · 1912 · NOR', 'Andersen, Kari');
  await arbiter.goto(`/swiss/${event.id}`);
  const claims = arbiter.getByRole('region', { name: 'Arbiter' }).getByRole('list', { name: 'Registered players' });
  await claims.getByRole('button', { name: `Reject ${memberName}'s claim on Andersen, Kari` }).click();
  await expect(claims).not.toContainText(`claimed by ${memberName}`);
  // The member's open page learns it by itself (the claims are polled while one waits).
  await expect(panel.getByRole('status')).toHaveText('Your claim was declined (Andersen, Kari).', { timeout: 20_000 });
  // The rejected claim is kept: after a reload the member is still told, next to the form.
  await member.reload();
  await expect(panel.getByRole('status')).toHaveText('Your claim was declined (Andersen, Kari).');
  await expect(panel.getByRole('button', { name: 'Dismiss' })).toBeVisible();

  // The right name this time; the waiting claim is still shown after a reload.
  await claimAs('Berg, Lise · 1745 · SWE', 'Berg, Lise');
  await member.reload();
  await expect(panel.getByRole('status')).toHaveText('Claim sent — waiting for the arbiter (Berg, Lise).');
  await expect(panel.getByRole('button', { name: 'Withdraw claim' })).toBeVisible();

  // The arbiter approves the claim in the arbiter panel.
  await arbiter.reload();
  await expect(claims).toContainText(`claimed by ${memberName}`);
  await claims.getByRole('button', { name: `Approve ${memberName} as Berg, Lise` }).click();
  await expect(claims).toContainText(`linked to ${memberName}`);

  // The member's open page turns into the player's panel by itself (no reload).
  await expect(panel.getByText('You are playing in this event.')).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByRole('button', { name: 'Withdraw' })).toBeVisible();
  await expect(panel.getByRole('combobox', { name: 'Registered player' })).toHaveCount(0);
  await leader.dispose();
});
