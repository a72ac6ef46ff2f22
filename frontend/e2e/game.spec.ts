import { type Page } from '@playwright/test';

import { Leader, PASSWORD, newPage, uniqueName } from './support/api';
import {
  expectNoReload,
  joinTeamAndEvent,
  markDocument,
  registerAndLogIn,
  standingsCell,
} from './support/pages';
import { expect, test } from './support/test';

/** Click a square of the board as seen from `orientation`. */
async function clickSquare(page: Page, square: string, orientation: 'white' | 'black') {
  const box = await page.getByTestId('board').boundingBox();
  if (!box) throw new Error('no board');
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]) - 1;
  const column = orientation === 'white' ? file : 7 - file;
  const row = orientation === 'white' ? 7 - rank : rank;
  await page.mouse.click(box.x + ((column + 0.5) * box.width) / 8, box.y + ((row + 0.5) * box.height) / 8);
}

test('two players reach their game from the event page and play it by clicking the board while a third watches', async ({
  browser,
  baseURL,
}) => {
  const leader = await Leader.create(baseURL!);
  const team = await leader.createTeam(uniqueName('Game Club '));
  const event = await leader.createEvent(team.slug, uniqueName('Online Swiss '));
  const [alice, bob] = [uniqueName('alice'), uniqueName('bob')];
  const pages = { [alice]: await newPage(browser), [bob]: await newPage(browser) };
  for (const [name, page] of Object.entries(pages)) {
    await registerAndLogIn(page, name, PASSWORD);
    await joinTeamAndEvent(page, team.slug, event);
  }
  // A spectator follows the event page from before the round starts.
  const spectator = await newPage(browser);
  await spectator.goto(`/swiss/${event.id}`);
  await expect(spectator.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
  for (const page of [...Object.values(pages), spectator]) await markDocument(page);

  await leader.startNextRound(event.id);
  const round = await (await pages[alice].request.get(`/api/tournaments/swiss/${event.id}/rounds/1/`)).json();
  const board = round.pairings[0] as { game_id: number; white: string; black: string };
  const white = pages[board.white];
  const black = pages[board.black];
  // Each player is taken to the game as the round starts (e2e/play-game.spec.ts times it),
  // by the app without reloading the page.
  for (const page of [white, black]) {
    await expect(page).toHaveURL(new RegExp(`/game/${board.game_id}$`));
    await expectNoReload(page);
  }
  // The spectator opens the board's game from the pairings.
  await expect(spectator.getByRole('link', { name: 'Game of board 1' })).toBeVisible();
  await expectNoReload(spectator);
  await spectator.getByRole('link', { name: 'Game of board 1' }).click();
  for (const page of [white, black, spectator]) {
    await expect(page).toHaveURL(new RegExp(`/game/${board.game_id}$`));
    await expect(page.getByTestId('board')).toBeVisible();
    await expect(page.getByRole('status')).toContainText('must move within');
  }

  // Fool's mate, each move clicked on the board by the player to move.
  const moves: [Page, 'white' | 'black', string, string][] = [
    [white, 'white', 'f2f3', 'f3'],
    [black, 'black', 'e7e5', 'e5'],
    [white, 'white', 'g2g4', 'g4'],
    [black, 'black', 'd8h4', 'Qh4#'],
  ];
  for (const [page, orientation, uci, san] of moves) {
    await clickSquare(page, uci.slice(0, 2), orientation);
    await clickSquare(page, uci.slice(2, 4), orientation);
    for (const watcher of [white, black, spectator]) {
      await expect(watcher.getByRole('list', { name: 'Moves' })).toContainText(san);
    }
  }
  for (const page of [white, black, spectator]) {
    await expect(page.getByRole('status')).toContainText('Checkmate — Black wins');
  }
  await spectator.getByRole('link', { name: 'Back to the event' }).click();
  await expect(spectator).toHaveURL(new RegExp(`/swiss/${event.id}$`));
  await expect(await standingsCell(spectator, board.black, /^(points|pts)$/i)).toHaveText(/^1(\.0)?$/);
  await leader.dispose();
});
