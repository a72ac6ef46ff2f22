import path from 'node:path';


import { Leader, PASSWORD, newPage, uniqueName } from './support/api';
import { expectNoReload, logIn, markDocument } from './support/pages';
import { expect, test } from './support/test';

// Taken on every run, into test-results/ (docs/screenshots/ with E2E_SCREENSHOT_DIR).
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? path.join('test-results', 'screenshots');

type RoundDetail = { pairings: { id: number; white_rating: number; black_rating: number }[] };

test('the arbiter sets a prize table; after the last round the event page shows the winners with Hort shares, live, and the printable list and audit log have them', async ({
  browser,
  baseURL,
}) => {
  // An over-the-board event of one round with four registered players, set up over the API.
  const leader = await Leader.create(baseURL!);
  const team = await leader.createTeam(uniqueName('E2E Prizes '));
  const event = await leader.createEvent(team.slug, uniqueName('E2E Prize Open '), { mode: 'otb', num_rounds: 1 });
  const base = `/api/tournaments/swiss/${event.id}`;
  await leader.post(`${base}/registered/`, {
    players: [
      { name: 'Able, Ann', rating: 2000, rating_kind: 'fide' },
      { name: 'Berg, Bo', rating: 1900, rating_kind: 'fide' },
      { name: 'Carlsen, Cara', rating: 1800, rating_kind: 'fide', sex: 'w' },
      { name: 'Dahl, Dag', rating: 1700, rating_kind: 'fide' },
    ],
  });

  // The arbiter fills in the prize table in the arbiter panel.
  const arbiter = await newPage(browser);
  await logIn(arbiter, leader.username, PASSWORD);
  await arbiter.goto(`/swiss/${event.id}`);
  const panel = arbiter.getByRole('region', { name: 'Arbiter' });
  const editor = panel.getByRole('region', { name: 'Prize table' });
  const prize = (n: number) => editor.getByRole('listitem', { name: `Prize ${n}` });
  await editor.getByRole('button', { name: 'Add prize' }).click();
  await prize(1).getByLabel('Amount').fill('100');
  await editor.getByRole('button', { name: 'Add prize' }).click();
  await prize(2).getByLabel('Amount').fill('50');
  await editor.getByRole('button', { name: 'Add prize' }).click();
  await prize(3).getByLabel('Category').selectOption('women');
  await prize(3).getByLabel('Place').fill('1');
  await prize(3).getByLabel('Label').fill('Book');
  await editor.getByLabel('Shared places').selectOption('hort');
  await editor.getByRole('button', { name: 'Save prizes' }).click();
  await expect(editor.getByRole('status')).toHaveText('Prize table saved (3 prizes).');

  // Before the end: the table without winners.
  const prizes = arbiter.getByRole('table', { name: 'Prizes' });
  await expect(prizes).toContainText('Overall');
  await expect(prizes).toContainText('Women');
  await expect(prizes.getByRole('columnheader', { name: 'Winner' })).toHaveCount(0);

  // The round is paired and the arbiter sets both results: the higher-rated player wins, so
  // Able and Berg tie on one point for the 100 and the 50.
  await leader.startNextRound(event.id);
  const round = (await (await arbiter.request.get(`${base}/rounds/1/`)).json()) as RoundDetail;
  await markDocument(arbiter);
  for (const board of round.pairings)
    await leader.post(`${base}/pairings/${board.id}/result/`, { result: board.white_rating > board.black_rating ? '1-0' : '0-1' });

  // The open page learns the winners by itself: Hort gives 50 + 37.50 and 25 + 37.50.
  await expect(arbiter.getByRole('heading', { name: 'Prize winners' })).toBeVisible({ timeout: 20_000 });
  await expect(prizes.getByRole('columnheader', { name: 'Winner' })).toBeVisible();
  await expect(prizes).toContainText('87.50');
  await expect(prizes).toContainText('62.50');
  await expect(prizes.getByRole('row', { name: /Women/ })).toContainText('Carlsen, Cara');
  await expectNoReload(arbiter);
  await arbiter.screenshot({ path: path.join(SHOTS, 'prizes.png'), fullPage: true });

  // The printable prize list, and the arbiter's audit log.
  await arbiter.getByRole('link', { name: 'Printable prize list' }).click();
  const sheet = arbiter.getByRole('table', { name: 'Prizes' });
  await expect(sheet).toContainText('87.50');
  await expect(sheet).toContainText('Carlsen, Cara');
  await arbiter.goto(`/swiss/${event.id}`);
  await panel.getByText('Audit log', { exact: true }).click();
  const log = panel.getByRole('list', { name: 'Audit log' });
  await expect(log).toContainText('Set the prize table');
  await expect(log).toContainText(/Set round \d+, board \d+ \(/);
  await log.scrollIntoViewIfNeeded();
  await arbiter.screenshot({ path: path.join(SHOTS, 'audit-log.png'), fullPage: true });
  await leader.dispose();
});
