/// <reference lib="dom" />
import path from 'node:path';

import { type Page } from '@playwright/test';

import { Leader, newPage, PASSWORD, uniqueName } from './support/api';
import { logIn, pairings } from './support/pages';
import { expect, test } from './support/test';

// Taken on every run, into test-results/ (docs/screenshots/ with E2E_SCREENSHOT_DIR).
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? path.join('test-results', 'screenshots');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };

type Board = { id: number; board: number; white: string; black: string };

/** No sideways scroll at 360 px; on failure, the elements that stick out are named. */
async function expectNoSidewaysScroll(page: Page) {
  const [width, culprits] = await page.evaluate(() => {
    const out = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > 360.5)
      .slice(-6)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)}`);
    return [document.scrollingElement!.scrollWidth, out] as const;
  });
  expect(width, `the page scrolls sideways: ${culprits.join('; ')}`).toBeLessThanOrEqual(360);
}

/** One game of a PGN file as electronic boards write it. */
const pgnGame = (round: string, white: string, black: string, moves: string, result: string) =>
  `[Event "Club night"]\n[Round "${round}"]\n[White "${white}"]\n[Black "${black}"]\n[Result "${result}"]\n\n${moves} ${result}\n`;

test('a leader enters board 1’s game (an illegal move refused next to the field), uploads the round’s PGN (one mistyped name reported on its board alone), and the round’s feed holds the game', async ({
  browser,
  baseURL,
}) => {
  // Set up over the API: an over-the-board event, four players entered by name, round 1 paired.
  const leader = await Leader.create(baseURL!);
  const team = await leader.createTeam(uniqueName('E2E OTB Club '));
  const event = await leader.createEvent(team.slug, uniqueName('E2E OTB Open '), { mode: 'otb', venue: 'Oslo' });
  const base = `/api/tournaments/swiss/${event.id}`;
  await leader.post(`${base}/registered/`, {
    players: [
      { name: 'Andersen, Kari', rating: 1912, federation: 'NOR' },
      { name: 'Berg, Lise', rating: 1745, federation: 'SWE' },
      { name: 'Dahl, Ola', rating: 1650, federation: 'NOR' },
      { name: 'Eriksen, Per', rating: 1580, federation: 'DEN' },
    ],
  });
  await leader.startNextRound(event.id);
  const round = (await (await fetch(`${baseURL}${base}/rounds/1/`)).json()) as { pairings: Board[] };
  const [board1, board2] = [...round.pairings].sort((a, b) => a.board - b.board);
  if (!board1 || !board2) throw new Error(`round 1 has ${round.pairings.length} boards, not 2`);

  // The leader follows board 1's link from the event page to its game page: nothing entered yet.
  const page = await newPage(browser, { viewport: DESKTOP });
  await logIn(page, leader.username, PASSWORD);
  await page.goto(`/swiss/${event.id}`);
  await pairings(page).getByRole('link', { name: 'Game of board 1' }).click();
  await expect(page).toHaveURL(new RegExp(`/swiss/${event.id}/board/${board1.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Round 1, board 1' })).toBeVisible();
  await expect(page.getByRole('group', { name: `White: ${board1.white}` })).toBeVisible();
  await expect(page.getByText('No moves entered yet.')).toBeVisible();

  // An illegal move: the API's message stands next to the field, and nothing is saved.
  const field = page.getByRole('textbox', { name: 'Moves or PGN' });
  const save = page.getByRole('button', { name: 'Save game' });
  await field.fill('1. e4 e5 2. Ke3');
  await save.click();
  await expect(field).toHaveAccessibleDescription('Move 2. Ke3 is illegal in this position.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('No moves entered yet.')).toBeVisible();

  // Fixed, and saved while the game goes on; then its next moves typed at the end, and 1-0.
  await field.fill('1. e4 e5 2. Nf3');
  await save.click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toHaveText(
    "Saved. The game is being entered (*): the board's result is unchanged.",
  );
  await expect(field).toHaveValue('1. e4 e5 2. Nf3');
  await field.press('End');
  await field.pressSequentially(' Nc6 3. Bb5 a6');
  await page.getByRole('combobox', { name: 'Result' }).selectOption('1-0');
  await save.click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toHaveText("Saved. The board's result is now 1-0.");
  const moves = page.getByRole('list', { name: 'Moves' });
  await expect(moves.getByRole('button', { name: 'a6' })).toHaveAttribute('aria-current', 'step');
  const board = page.getByRole('img', { name: /^Board/ });
  await expect(board).toHaveAccessibleName('Board after 3... a6');
  await moves.getByRole('button', { name: 'Nf3' }).click();
  await expect(board).toHaveAccessibleName('Board after 2. Nf3');
  await page.keyboard.press('ArrowRight');
  await expect(board).toHaveAccessibleName('Board after 2... Nc6');
  await page.getByRole('button', { name: 'Last move' }).click();
  await expect(page.getByRole('link', { name: 'Download PGN' })).toHaveAttribute('download', 'round-1-board-1.pgn');

  await page.screenshot({ path: path.join(SHOTS, 'otb-game.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: path.join(SHOTS, 'otb-game-dark.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: path.join(SHOTS, 'otb-game-phone.png'), fullPage: true });
  await page.setViewportSize(DESKTOP);

  // Back on the event page, board 1 has the game's result.
  await page.getByRole('link', { name: event.name }).click();
  await expect(pairings(page).getByRole('listitem', { name: `Board 1: ${board1.white} (White) 1-0 ${board1.black} (Black)` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Round 1' })).toHaveValue(`${baseURL}/swiss/${event.id}/round/1.pgn`);
  await expect(page.getByRole('textbox', { name: 'Whole event' })).toHaveValue(`${baseURL}/swiss/${event.id}.pgn`);
  const broadcast = page.getByRole('region', { name: 'Broadcast' });
  await broadcast.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'otb-event-boards.png') });

  // The round's file from the boards: board 1 again, and board 2 with White's name mistyped.
  const typo = `${board2.white.slice(0, 1)}${board2.white.slice(2, 3)}${board2.white.slice(1, 2)}${board2.white.slice(3)}`;
  const file = [
    pgnGame('1.1', board1.white, board1.black, '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6', '1-0'),
    pgnGame('1.2', typo, board2.black, '1. d4 d5 2. c4', '*'),
  ].join('\n');
  const arbiter = page.getByRole('region', { name: 'Arbiter' });
  await arbiter.getByLabel('PGN file of round 1').setInputFiles({ name: 'round-1.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(file) });
  await arbiter.getByRole('button', { name: 'Upload', exact: true }).click();
  const report = arbiter.getByRole('region', { name: 'Upload report for round-1.pgn' });
  await expect(report.getByRole('status')).toHaveText('Round 1: 1 of 2 games saved; 1 not saved (below).');
  const rows = report.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText('1');
  await expect(rows.nth(1).getByRole('cell').nth(2)).toContainText('Saved');
  await expect(rows.nth(2).getByRole('cell').nth(1)).toHaveText('2');
  await expect(rows.nth(2).getByRole('cell').nth(2)).toContainText('Name does not match');
  await expect(rows.nth(2).getByRole('cell').nth(2)).toContainText(typo);
  await expect(report.getByText('Boards of round 1 without a game: 2.')).toBeVisible();
  const upload = arbiter.getByRole('region', { name: 'Upload round PGN' });
  await upload.scrollIntoViewIfNeeded();
  await upload.screenshot({ path: path.join(SHOTS, 'otb-upload-report.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await upload.screenshot({ path: path.join(SHOTS, 'otb-upload-report-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await upload.scrollIntoViewIfNeeded();
  await upload.screenshot({ path: path.join(SHOTS, 'otb-upload-report-phone.png') });

  // The round's broadcast feed, as a broadcast polls it: board 1's game with its result, board 2 waiting.
  const feed = await page.request.get(`/swiss/${event.id}/round/1.pgn`);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('application/x-chess-pgn');
  const text = await feed.text();
  const games = text.split(/\n\n(?=\[Event )/);
  expect(games).toHaveLength(2);
  expect(games[0]).toContain('[Round "1.1"]');
  expect(games[0]).toContain(`[White "${board1.white}"]`);
  expect(games[0]).toContain('[Result "1-0"]');
  expect(games[0]).toContain('1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0');
  expect(games[1]).toContain('[Round "1.2"]');
  expect(games[1]).toContain('[Result "*"]');
  await leader.dispose();
});
