/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { type Browser, type Locator, type Page } from '@playwright/test';

import { PASSWORD, Leader, newPage, uniqueName } from './support/api';
import { pdfText } from './support/pdf-text';
import { registerAndLogIn, yourEvent } from './support/pages';
import { expect, test } from './support/test';

// `make screenshots` points this at docs/screenshots/; a plain run writes into test-results/.
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? path.join('test-results', 'screenshots');

type Board = { id: number; board: number; white: string; black: string; result: string; disputed: boolean };

/** A player set up over the API in a browser context of their own: registered (and so signed
 * in), and asking to join the team; the join request's id is returned with the page. */
async function playerAskingToJoin(browser: Browser, baseURL: string, name: string, slug: string) {
  const page = await newPage(browser);
  await page.goto('/');
  const registered = await apiPost(page, baseURL, '/api/auth/register/', { username: name, password: PASSWORD });
  expect(registered.status()).toBe(201);
  const asked = await apiPost(page, baseURL, `/api/teams/${slug}/join/`, {});
  expect(asked.status()).toBe(202);
  return { page, requestId: ((await asked.json()) as { id: number }).id };
}

/** A POST from the page's own session (cookie and CSRF token), as the app sends it. */
async function apiPost(page: Page, baseURL: string, url: string, data?: object) {
  await page.request.get('/api/auth/csrf/');
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  return page.request.post(url, { data, headers: { 'X-CSRFToken': csrf, Referer: `${baseURL}/` } });
}

/** A seating (white, black of board 1, then 2…) of `players` in which `allowed` holds for every board. */
function seating(players: string[], allowed: (a: string, b: string) => boolean): string[] | null {
  const [head, ...rest] = players;
  if (head === undefined) return [];
  for (const partner of rest) {
    if (!allowed(head, partner)) continue;
    const tail = seating(rest.filter((name) => name !== partner), allowed);
    if (tail) return [head, partner, ...tail];
  }
  return null;
}

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
  // Six players, so that round 1 has three boards: one corrected, one disputed while the
  // third keeps the round open. Two ask to join in the browser and the leader approves them
  // there; the other four are set up over the API.
  const names = ['alice', 'bob', 'carol', 'dave', 'erin', 'fred'].map((name) => uniqueName(name));
  const [alice, bob, carol] = names as [string, string, string];

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

  // Two players ask to join in the browser, each in a context of their own; the leader
  // approves exactly these two in the browser.
  const players = new Map<string, Page>();
  for (const name of [alice, bob]) {
    const page = await newPage(browser);
    await registerAndLogIn(page, name, PASSWORD);
    await page.goto(`/teams/${slug}`);
    await page.getByRole('button', { name: 'Request to join' }).click();
    await expect(page.getByText('Request sent')).toBeVisible();
    players.set(name, page);
  }
  await leader.reload();
  const tools = leader.getByRole('region', { name: 'Leader tools' });
  for (const name of [alice, bob]) {
    await tools.getByRole('button', { name: `Approve ${name}` }).click();
    await expect(tools.getByRole('button', { name: `Approve ${name}` })).toHaveCount(0);
  }
  await expect(leader.getByText('3 members')).toBeVisible();
  // The other four: set up over the API (their requests approved with the leader's session).
  for (const name of names.slice(2)) {
    const { page, requestId } = await playerAskingToJoin(browser, baseURL!, name, slug);
    const approved = await apiPost(leader, baseURL!, `/api/teams/${slug}/requests/${requestId}/approve/`);
    expect(approved.status(), await approved.text()).toBe(200);
    players.set(name, page);
  }
  await leader.reload();
  await expect(leader.getByText('7 members')).toBeVisible();

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

  // A forbidden pair, then round 1. The page holds one socket of the user's own, whatever
  // listens on it (the arbiter's notices, the round start's redirect).
  const panel = arbiter(leader);
  const userSockets: string[] = [];
  leader.on('websocket', (socket) => {
    if (socket.url().includes('/ws/me/')) userSockets.push(socket.url());
  });
  await leader.reload();
  await expect(panel.getByRole('button', { name: 'Forbid pair' })).toBeVisible();
  await expect.poll(() => userSockets.length).toBe(1);
  await leader.waitForTimeout(500); // a second socket would have opened with the first
  expect(userSockets).toHaveLength(1);
  await panel.getByLabel('First player').selectOption(alice);
  await panel.getByLabel('Second player').selectOption(carol);
  await panel.getByRole('button', { name: 'Forbid pair' }).click();
  await expect(panel.getByRole('button', { name: `Allow ${alice} – ${carol}` })).toBeVisible();
  await panel.getByRole('button', { name: 'Start round 1 now' }).click();
  await expect(panel.getByText('Round 1 started.')).toBeVisible();
  const round1 = await roundBoards(leader, eventId, 1);
  expect(round1).toHaveLength(3);
  const [first, second, third] = round1 as [Board, Board, Board];
  for (const board of round1) expect([board.white, board.black].sort()).not.toEqual([alice, carol].sort());

  // Board 1: White reports a win; the arbiter corrects it to a draw after seeing the effect.
  const results = panel.getByRole('table', { name: 'Results' });
  const resultOf = (board: number) => results.getByRole('row').nth(board - 1).getByRole('cell').nth(2);
  await yourEvent(players.get(first.white)!).getByRole('button', { name: 'I won' }).click();
  await yourEvent(players.get(first.white)!).getByRole('button', { name: 'Yes, I won' }).click();
  await expect(resultOf(1)).toHaveText('1-0');
  await panel.getByLabel('Result of board 1', { exact: true }).selectOption('1/2-1/2');
  await panel.getByRole('button', { name: 'Set result of board 1' }).click();
  const confirm = leader.getByRole('dialog');
  await expect(confirm.getByRole('table', { name: 'Standings effect' })).toContainText(`${first.white}1 → ½`);
  await confirm.getByRole('button', { name: 'Confirm result' }).click();
  await expect(resultOf(1)).toHaveText('½-½');

  // Board 2, while board 3 keeps the round open: both players claim the win, each in their own
  // browser context; the arbiter sees both reports side by side in the queue and decides.
  await yourEvent(players.get(second.white)!).getByRole('button', { name: 'I won' }).click();
  await yourEvent(players.get(second.white)!).getByRole('button', { name: 'Yes, I won' }).click();
  await expect(resultOf(2)).toHaveText('1-0');
  await yourEvent(players.get(second.black)!).getByRole('button', { name: 'I won' }).click();
  await yourEvent(players.get(second.black)!).getByRole('button', { name: 'Yes, I won' }).click();
  await expect(yourEvent(players.get(second.black)!)).toContainText('The arbiter will decide.');
  await expect(panel.getByRole('list', { name: 'Notifications' })).toContainText('A dispute arrived on board 2');
  const dispute = panel.getByRole('listitem', { name: 'Dispute on board 2' });
  await expect(dispute.getByRole('group', { name: `${second.white}'s report` })).toContainText(
    `Reported: ${second.white} won (1-0)`,
  );
  await expect(dispute.getByRole('group', { name: `${second.black}'s report` })).toContainText(
    `Reported: ${second.black} won (0-1)`,
  );
  await leader.screenshot({ path: path.join(SHOTS, 'arbiter-panel.png'), fullPage: true });
  await dispute.getByRole('button', { name: `${second.white} won` }).click();
  await leader.getByRole('dialog').getByRole('button', { name: 'Confirm result' }).click();
  await expect(panel.getByRole('listitem', { name: 'Dispute on board 2' })).toHaveCount(0);
  await expect(resultOf(2)).toHaveText('1-0');

  // Board 3 ends the round.
  await yourEvent(players.get(third.white)!).getByRole('button', { name: 'I won' }).click();
  await yourEvent(players.get(third.white)!).getByRole('button', { name: 'Yes, I won' }).click();
  await expect(resultOf(3)).toHaveText('1-0');

  // Round 2 by hand: alice against carol is refused (forbidden), a seating without rematches is accepted.
  const met = new Set(round1.flatMap((board) => [`${board.white}|${board.black}`, `${board.black}|${board.white}`]));
  const others = names.filter((name) => name !== alice && name !== carol);
  const editor = panel.getByRole('region', { name: 'Manual pairing for round 2' });
  await arrange(editor, [alice, carol, ...others]);
  await editor.getByRole('button', { name: 'Pair round 2 as shown' }).click();
  await expect(editor.getByRole('alert')).toContainText('This pairing breaks the rules.');
  await expect(editor.getByRole('listitem', { name: 'Proposed board 1' })).toContainText('is a forbidden pair');
  const accepted = seating(names, (a, b) => !met.has(`${a}|${b}`) && [a, b].sort().join() !== [alice, carol].sort().join());
  expect(accepted).not.toBeNull();
  await arrange(editor, accepted!);
  await editor.getByRole('button', { name: 'Pair round 2 as shown' }).click();
  await expect(panel.getByText('Round 2 paired as shown.').first()).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Results of round 2' })).toBeVisible();
  const round2 = await roundBoards(leader, eventId, 2);
  const acceptedPairs = [0, 2, 4].map((index) => [accepted![index]!, accepted![index + 1]!].sort());
  expect(round2.map((board) => [board.white, board.black].sort())).toEqual(expect.arrayContaining(acceptedPairs));

  // Withdraw a player, then reinstate them.
  await panel.getByText(/^Players \(/).click();
  const roster = panel.getByRole('table', { name: 'Players' });
  await roster.getByRole('button', { name: `Withdraw ${carol}` }).click();
  await roster.getByRole('button', { name: `Yes, withdraw ${carol}` }).click();
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

  // The edit page refuses a member before showing any field; the API refuses them too.
  await page.goto(`/swiss/${event.id}/edit`);
  await expect(page.getByRole('alert')).toContainText(`Only the leaders of ${team.name} can edit this event.`);
  await expect(page.getByRole('form', { name: 'Edit the event' })).toHaveCount(0);
  await expect(page.getByLabel('Name', { exact: true })).toHaveCount(0);
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const refused = await page.request.post(`/api/tournaments/swiss/${event.id}/start-next-round/`, {
    headers: { 'X-CSRFToken': csrf, Referer: `${baseURL}/` },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toMatch(/leader/i);
  await owner.dispose();
});
