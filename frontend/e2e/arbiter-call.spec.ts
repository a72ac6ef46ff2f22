/// <reference lib="dom" />
import { type Page } from '@playwright/test';

import { Leader, PASSWORD, Player, newPage, uniqueName } from './support/api';
import { logIn } from './support/pages';
import { expect, test } from './support/test';

// Issue 43: a player calls the arbiter from the game page; the arbiter sees the call in the
// event's arbiter panel, opens the game, pauses the clocks, gives 30 s, resumes and closes
// the call; both players see each step live. The event and round are set up over the API.
test.describe.configure({ timeout: 180_000 });

test('a player calls the arbiter, who pauses the clocks, adds 30 s and resumes: both players see it', async ({ browser, baseURL }) => {
  const leader = await Leader.create(baseURL!);
  const team = await leader.createTeam(uniqueName('Arbiter Call Club '));
  const event = await leader.createEvent(team.slug, uniqueName('Arbiter Call Swiss '));
  const names = [uniqueName('ann'), uniqueName('ben')];
  for (const name of names) {
    const player = await Player.register(baseURL!, name);
    const asked = await player.post<{ id?: number; role?: string }>(`/api/teams/${team.slug}/join/`);
    if (asked.role === undefined) await leader.approve(team.slug, asked.id!);
    await player.post(`/api/tournaments/swiss/${event.id}/join/`, {});
    await player.dispose();
  }
  await leader.startNextRound(event.id);

  const pages: Record<string, Page> = {};
  for (const name of [...names, leader.username]) {
    pages[name] = await newPage(browser);
    await logIn(pages[name], name, PASSWORD);
  }
  const round = (await (await pages[leader.username]!.request.get(`/api/tournaments/swiss/${event.id}/rounds/1/`)).json()) as {
    pairings: { game_id: number; white: string; black: string }[];
  };
  const board = round.pairings[0]!;
  const white = pages[board.white]!;
  const black = pages[board.black]!;
  for (const page of [white, black]) await page.goto(`/game/${board.game_id}`);

  // White calls the arbiter with a reason.
  await white.getByRole('button', { name: 'Call the arbiter' }).click();
  const form = white.getByRole('form', { name: 'Call the arbiter' });
  await form.getByLabel('Reason').selectOption('Disconnection');
  await form.getByLabel('What happened (optional)').fill('My opponent froze');
  await form.getByRole('button', { name: 'Send the call' }).click();
  await expect(white.getByText('You called the arbiter (Disconnection). Waiting for the arbiter…')).toBeVisible();

  // The arbiter's panel lists it (live: the page was open before the call would also do).
  const arbiter = pages[leader.username]!;
  await arbiter.goto(`/swiss/${event.id}`);
  const call = arbiter.getByRole('listitem', { name: `Call from ${board.white}` });
  await expect(call).toContainText('Disconnection: My opponent froze');
  await call.getByRole('link', { name: 'Go to the game' }).click();
  await expect(arbiter).toHaveURL(new RegExp(`/game/${board.game_id}$`));
  const tools = arbiter.getByRole('region', { name: 'Arbiter' });

  await tools.getByRole('button', { name: 'Pause the clocks' }).click();
  for (const page of [white, black]) {
    await expect(page.getByText('The arbiter has paused the clocks.')).toBeVisible();
    await expect(page.getByLabel("Arbiter's notice")).toHaveText('The arbiter paused the clocks.');
  }
  // A paused game: the player cannot type a move.
  await expect(white.getByLabel('Keyboard move')).toBeDisabled();

  await tools.getByRole('button', { name: '+30 s White' }).click();
  for (const page of [white, black]) {
    await expect(page.getByLabel("Arbiter's notice")).toHaveText('The arbiter gave white 30 s more.');
    await expect(page.getByLabel('white clock')).toHaveText('5:30');
    await expect(page.getByLabel('black clock')).toHaveText('5:00');
  }

  await tools.getByRole('button', { name: 'Resume the clocks' }).click();
  for (const page of [white, black]) {
    await expect(page.getByLabel("Arbiter's notice")).toHaveText('The arbiter resumed the clocks.');
    await expect(page.getByText('The arbiter has paused the clocks.')).toHaveCount(0);
  }
  await expect(white.getByLabel('Keyboard move')).toBeEnabled();

  await tools.getByRole('button', { name: 'Close call' }).click();
  await expect(white.getByText('The arbiter closed your call (Disconnection).')).toBeVisible();
  await expect(tools.getByText('No open calls.')).toBeVisible();
  await leader.dispose();
});
