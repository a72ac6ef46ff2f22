/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { expect, test, type Locator, type Page } from '@playwright/test';

import { PASSWORD, Leader, newPage, uniqueName } from './support/api';
import { pdfText } from './support/pdf-text';
import { registerAndLogIn, yourEvent } from './support/pages';

// `make screenshots` points this at docs/screenshots/; a plain run writes into test-results/.
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? path.join('test-results', 'screenshots');

type Board = { id: number; board: number; white: string; black: string; result: string; disputed: boolean };

const arbiter = (page: Page): Locator => page.getByRole('region', { name: 'Arbiter' });

async function roundBoards(page: Page, eventId: number, number: number): Promise<Board[]> {
  const response = await page.request.get(`/api/tournaments/swiss/${eventId}/rounds/${number}/`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { pairings: Board[] }).pairings;
}

/** Seats the manual pairing editor's players as `target` (white, black of board 1, then 2…) by clicking pairs. */
async function arrange(panel: Locator, target: string[]) {
  const seats = target.map((_, index) => `board ${Math.floor(index / 2) + 1} ${index % 2 === 0 ? 'white' : 'black'}`);
  for (const [index, player] of target.entries()) {
    const seat = panel.getByRole('button', { name: new RegExp(`\\(${seats[index]}\\)$`) });
    if ((await seat.textContent())?.trim() === player) continue;
    await seat.click();
    await panel.getByRole('button', { name: new RegExp(`^${player} \\(board`) }).click();
    await expect(seat).toHaveText(player);
  }
}

test('a leader creates and runs an event through the browser only', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const leaderName = uniqueName('arb');
  const names = ['alice', 'bob', 'carol', 'dave'].map((name) => uniqueName(name));
  const [alice, , carol] = names as [string, string, string, string];

  const leader = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await registerAndLogIn(leader, leaderName, PASSWORD);

  // A team, by request.
  await leader.goto('/teams');
  await leader.getByText('Create a team').click();
  const teamName = uniqueName('Arbiter Club ');
  await leader.getByLabel('Team name').fill(teamName);
  await leader.getByLabel('Who may join').selectOption('request');
  await leader.getByRole('button', { name: 'Create team' }).click();
  await expect(leader.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
  const slug = leader.url().split('/teams/')[1]!;

  // Four players ask to join, each in a browser context of their own; the leader approves them.
  const players = new Map<string, Page>();
  for (const name of names) {
    const page = await newPage(browser);
    await registerAndLogIn(page, name, PASSWORD);
    await page.goto(`/teams/${slug}`);
    await page.getByRole('button', { name: 'Request to join' }).click();
    await expect(page.getByText('Request sent')).toBeVisible();
    players.set(name, page);
  }
  await leader.reload();
  const tools = leader.getByRole('region', { name: 'Leader tools' });
  for (const name of names) {
    await tools.getByRole('button', { name: `Approve ${name}` }).click();
    await expect(tools.getByRole('button', { name: `Approve ${name}` })).toHaveCount(0);
  }
  await expect(leader.getByText('5 members')).toBeVisible();

  // The event, with a custom tie-break order: Sonneborn-Berger moved first with the keyboard, wins added.
  await tools.getByRole('link', { name: 'New event' }).click();
  const form = leader.getByRole('form', { name: 'New event' });
  const eventName = uniqueName('Arbiter Swiss ');
  await form.getByLabel('Name', { exact: true }).fill(eventName);
  await form.getByLabel('Rounds', { exact: true }).fill('3');
  // Results are reported and set here, as in a hall: an over-the-board event.
  await form.getByLabel('Games', { exact: true }).selectOption('otb');
  await form.getByRole('button', { name: 'Blitz 5+3' }).click();
  await form.getByLabel('Manual (an arbiter starts each round)').check();
  const handle = form.getByRole('button', { name: /^Move SB/ });
  await handle.focus();
  await leader.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await leader.keyboard.press('ArrowUp');
  // dnd-kit announces each step in its live region.
  await expect(leader.getByText(/draggable item SB was moved over droppable area BH/i)).toBeAttached();
  await leader.keyboard.press('Space');
  await expect(form.getByRole('button', { name: /^Move SB .*position 1$/ })).toBeVisible();
  await form.getByLabel('Add a tie-break').selectOption('WIN');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await leader.screenshot({ path: path.join(SHOTS, 'event-form.png'), fullPage: true });
  await form.getByRole('button', { name: 'Create event' }).click();
  await expect(leader.getByRole('heading', { level: 1, name: eventName })).toBeVisible();
  const eventId = Number(leader.url().split('/swiss/')[1]);
  const detail = (await (await leader.request.get(`/api/tournaments/swiss/${eventId}/`)).json()) as { tiebreak_order: string[] };
  expect(detail.tiebreak_order).toEqual(['SB', 'BH', 'PS', 'DE', 'WIN']);

  for (const page of players.values()) {
    await page.goto(`/swiss/${eventId}`);
    await yourEvent(page).getByRole('button', { name: 'Join', exact: true }).click();
    await expect(yourEvent(page).getByRole('button', { name: 'Withdraw' })).toBeVisible();
  }

  // A forbidden pair, then round 1.
  const panel = arbiter(leader);
  await leader.reload();
  await panel.getByLabel('First player').selectOption(alice);
  await panel.getByLabel('Second player').selectOption(carol);
  await panel.getByRole('button', { name: 'Forbid pair' }).click();
  await expect(panel.getByRole('button', { name: `Allow ${alice} – ${carol}` })).toBeVisible();
  await panel.getByRole('button', { name: 'Start round 1 now' }).click();
  await expect(panel.getByText('Round 1 started.')).toBeVisible();
  const round1 = await roundBoards(leader, eventId, 1);
  expect(round1).toHaveLength(2);
  const [first, second] = round1 as [Board, Board];
  expect([first.white, first.black].sort()).not.toEqual([alice, carol].sort());

  // Board 2 first (a dispute needs a round still being played): both players claim the win;
  // the dispute reaches the arbiter, who decides.
  const results = panel.getByRole('table', { name: 'Results' });
  const resultOf = (board: number) => results.getByRole('row').nth(board - 1).getByRole('cell').nth(2);
  await yourEvent(players.get(second.white)!).getByRole('button', { name: 'I won' }).click();
  await expect(resultOf(2)).toHaveText('1-0');
  await yourEvent(players.get(second.black)!).getByRole('button', { name: 'I won' }).click();
  await expect(panel.getByRole('list', { name: 'Notifications' })).toContainText('A dispute arrived on board 2');
  const dispute = panel.getByRole('listitem', { name: 'Dispute on board 2' });
  await expect(dispute).toContainText(second.white);
  await expect(dispute).toContainText(second.black);
  await leader.screenshot({ path: path.join(SHOTS, 'arbiter-panel.png'), fullPage: true });
  await dispute.getByRole('button', { name: `${second.white} won` }).click();
  await leader.getByRole('dialog').getByRole('button', { name: 'Confirm result' }).click();
  await expect(panel.getByRole('listitem', { name: 'Dispute on board 2' })).toHaveCount(0);
  await expect(resultOf(2)).toHaveText('1-0');

  // Board 1: White reports a win; the arbiter corrects it to a draw after seeing the effect.
  await yourEvent(players.get(first.white)!).getByRole('button', { name: 'I won' }).click();
  await expect(resultOf(1)).toHaveText('1-0');
  await panel.getByLabel('Result of board 1', { exact: true }).selectOption('1/2-1/2');
  await panel.getByRole('button', { name: 'Set result of board 1' }).click();
  const confirm = leader.getByRole('dialog');
  await expect(confirm.getByRole('table', { name: 'Standings effect' })).toContainText(`${first.white}1 → ½`);
  await confirm.getByRole('button', { name: 'Confirm result' }).click();
  await expect(resultOf(1)).toHaveText('½-½');

  // Round 2 by hand: alice against carol is refused (forbidden), the other new pairing is accepted.
  const met = new Map(round1.flatMap((board) => [[board.white, board.black], [board.black, board.white]] as [string, string][]));
  const others = names.filter((name) => name !== alice && name !== carol);
  const aliceOpponent = others.find((name) => name !== met.get(alice))!;
  const carolOpponent = others.find((name) => name !== aliceOpponent)!;
  const editor = panel.getByRole('region', { name: 'Manual pairing for round 2' });
  await arrange(editor, [alice, carol, ...others]);
  await editor.getByRole('button', { name: 'Pair round 2 as shown' }).click();
  await expect(editor.getByRole('alert')).toContainText('This pairing breaks the rules.');
  await expect(editor.getByRole('listitem', { name: 'Proposed board 1' })).toContainText('is a forbidden pair');
  await arrange(editor, [alice, aliceOpponent, carol, carolOpponent]);
  await editor.getByRole('button', { name: 'Pair round 2 as shown' }).click();
  await expect(panel.getByText('Round 2 paired as shown.').first()).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Results of round 2' })).toBeVisible();
  const round2 = await roundBoards(leader, eventId, 2);
  expect(round2.map((board) => [board.white, board.black].sort())).toEqual(
    expect.arrayContaining([[alice, aliceOpponent].sort(), [carol, carolOpponent].sort()]),
  );

  // Withdraw a player, then reinstate them.
  await panel.getByText(/^Players \(/).click();
  const roster = panel.getByRole('table', { name: 'Players' });
  await roster.getByRole('button', { name: `Withdraw ${carol}` }).click();
  await roster.getByRole('button', { name: `Reinstate ${carol}` }).click();
  await expect(roster.getByRole('button', { name: `Withdraw ${carol}` })).toBeVisible();

  // The TRF, read by our own reader, has the corrected draw and the decided dispute.
  const downloading = leader.waitForEvent('download');
  await panel.getByRole('link', { name: 'Download TRF', exact: true }).click();
  const file = await (await downloading).path();
  const trf = JSON.parse(
    execFileSync('../.venv/bin/python', ['e2e/support/trf_results.py', file], { env: { ...process.env, PYTHONPATH: '..' } }).toString(),
  ) as { players: { name: string; rounds: { result: string }[] }[] };
  const roundOne = (name: string) => trf.players.find((player) => player.name === name)?.rounds[0]?.result;
  expect(roundOne(first.white)).toBe('=');
  expect(roundOne(first.black)).toBe('=');
  expect(roundOne(second.white)).toBe('1');
  expect(roundOne(second.black)).toBe('0');

  // The three sheets; the crosstable printed by Chromium.
  for (const sheet of ['pairings', 'standings', 'crosstable']) {
    await leader.goto(`/swiss/${eventId}/print/${sheet}`);
    const table = leader.getByRole('table', { name: sheet === 'crosstable' ? 'Crosstable' : sheet === 'standings' ? 'Standings' : 'Pairings' });
    await expect(table).toContainText(alice);
    await expect(leader.getByText(`Round 2 of 3`)).toBeVisible();
    if (sheet === 'pairings') await expect(leader.getByRole('img', { name: `QR code to ${baseURL}/swiss/${eventId}` })).toBeVisible();
    await leader.emulateMedia({ media: 'print' });
    await leader.screenshot({ path: path.join(SHOTS, `sheet-${sheet}.png`), fullPage: true });
    await leader.emulateMedia({ media: 'screen' });
  }
  const pdf = await leader.pdf({ format: 'A4', landscape: true });
  expect(pdf.length).toBeGreaterThan(1000);
  const text = await pdfText(pdf);
  for (const name of names) expect(text).toContain(name);
});

test('a member who is not a leader sees no arbiter controls, and the API refuses them', async ({ browser, baseURL }) => {
  const owner = await Leader.create(baseURL!);
  const team = await owner.createTeam(uniqueName('Members Club '));
  const event = await owner.createEvent(team.slug, uniqueName('Members Swiss '));
  const member = uniqueName('member');
  const page = await newPage(browser);
  await registerAndLogIn(page, member, PASSWORD);
  await page.goto(`/teams/${team.slug}`);
  await page.getByRole('button', { name: 'Join team' }).click();
  await expect(page.getByRole('button', { name: 'Leave team' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Leader tools' })).toHaveCount(0);

  await page.goto(`/swiss/${event.id}`);
  await expect(yourEvent(page).getByRole('button', { name: 'Join', exact: true })).toBeVisible();
  await expect(arbiter(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Start round/ })).toHaveCount(0);

  // A hand-made edit from the member's session: the form shows the API's refusal.
  await page.goto(`/swiss/${event.id}/edit`);
  const form = page.getByRole('form', { name: 'Edit the event' });
  await form.getByLabel('Name', { exact: true }).fill('Taken over');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByRole('alert')).toContainText(/leader/i);
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const refused = await page.request.post(`/api/tournaments/swiss/${event.id}/start-next-round/`, {
    headers: { 'X-CSRFToken': csrf, Referer: `${baseURL}/` },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toMatch(/leader/i);
  await owner.dispose();
});
