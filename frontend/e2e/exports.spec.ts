/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';

import { type Locator, type Page } from '@playwright/test';

import { Leader, newPage, PASSWORD, uniqueName } from './support/api';
import { logIn } from './support/pages';
import { expect, test } from './support/test';

// Taken on every run, into test-results/ (docs/screenshots/ with E2E_SCREENSHOT_DIR).
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? path.join('test-results', 'screenshots');
const PHONE = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true } as const;

type RoundDetail = { pairings: { id: number }[] };

/** The files of a ZIP by name, read from its central directory and inflated with Node's zlib. */
function unzip(data: Buffer): Map<string, Buffer> {
  let end = data.length - 22;
  while (end >= 0 && data.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error('not a ZIP: no end of central directory');
  const files = new Map<string, Buffer>();
  let at = data.readUInt32LE(end + 16);
  for (let count = data.readUInt16LE(end + 10); count > 0; count -= 1) {
    expect(data.readUInt32LE(at)).toBe(0x02014b50);
    const method = data.readUInt16LE(at + 10);
    const size = data.readUInt32LE(at + 20);
    const nameLength = data.readUInt16LE(at + 28);
    const skip = nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    const name = data.toString('latin1', at + 46, at + 46 + nameLength);
    const local = data.readUInt32LE(at + 42);
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    const raw = data.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(raw) : raw);
    at += 46 + skip;
  }
  return files;
}

/** A dBase III file's records as {field: text}, read from its header (the layout 2C names). */
function dbfRecords(data: Buffer): Record<string, string>[] {
  expect(data[0], 'a dBase III file').toBe(0x03);
  const count = data.readUInt32LE(4);
  const headerLength = data.readUInt16LE(8);
  const recordLength = data.readUInt16LE(10);
  const fields: { name: string; length: number }[] = [];
  for (let at = 32; data[at] !== 0x0d; at += 32)
    fields.push({ name: data.toString('latin1', at, at + 11).replace(/\0.*$/s, ''), length: data[at + 16]! });
  return Array.from({ length: count }, (_, index) => {
    let at = headerLength + index * recordLength + 1; // after the deletion flag
    const record: Record<string, string> = {};
    for (const field of fields) {
      record[field.name] = data.toString('latin1', at, at + field.length).trim();
      at += field.length;
    }
    return record;
  });
}

/** No sideways scroll at 360 px; on failure, the elements that stick out are named. */
async function expectNoSidewaysScroll(page: Page) {
  const [width, culprits] = await page.evaluate(() => {
    const out = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > 360.5 && !element.closest('.overflow-x-auto'))
      .slice(-6)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)} → ${Math.round(element.getBoundingClientRect().right)}`);
    return [document.scrollingElement!.scrollWidth, out] as const;
  });
  expect(width, `the page scrolls sideways: ${culprits.join('; ')}`).toBeLessThanOrEqual(360);
}

/** A player's input in the table, by its label ("US Chess ID of Adams, Ann"). */
const cell = (panel: Locator, label: string) => panel.getByRole('textbox', { name: label, exact: true });

/** Saves through the form's own button and waits for the answer. */
async function save(panel: Locator) {
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('button', { name: 'Save' })).toBeEnabled();
}

const PLAYERS = [
  { name: 'Adams, Ann', rating: 2105, fide_id: '2000001', usChess: '12700001', national: 'US12700001' },
  { name: 'Baker, Bo', rating: 1960, fide_id: '2000002', usChess: '12700002', national: 'US12700002' },
  { name: 'Chen, Cy', rating: 1880, fide_id: '', usChess: '12700003', national: 'US12700003' },
  { name: 'Díaz, Dee', rating: 1720, fide_id: '', usChess: '12700004', national: 'US12700004' },
];

test('a leader fills in the US Chess and national rating exports of a finished event and downloads both files', async ({ browser, baseURL }) => {
  // An over-the-board event at a regular time control (90 minutes + 30 s: US Chess's "R") with four registered players.
  const leader = await Leader.create(baseURL!);
  const team = await leader.createTeam(uniqueName('E2E Exports Club '));
  const event = await leader.createEvent(team.slug, uniqueName('E2E Boston Open '), {
    mode: 'otb',
    start_time: new Date(Date.now() + 2 * 60 * 1000).toISOString(),
    clock_limit_seconds: 5400,
    clock_increment_seconds: 30,
  });
  const base = `/api/tournaments/swiss/${event.id}`;
  await leader.post(`${base}/registered/`, {
    players: PLAYERS.map(({ name, rating, fide_id }) => ({ name, rating, fide_id, federation: 'USA', rating_kind: 'fide' })),
  });

  // Before the event has been played: the leader finds the page among the event's leader tools,
  // which says the download comes after the last round.
  const arbiter = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  await logIn(arbiter, leader.username, PASSWORD);
  await arbiter.goto(`/swiss/${event.id}`);
  await arbiter.getByRole('region', { name: 'Arbiter' }).getByRole('link', { name: 'Federation exports' }).click();
  await expect(arbiter).toHaveURL(new RegExp(`/swiss/${event.id}/exports$`));
  await expect(arbiter.getByRole('heading', { level: 1, name: `Federation exports: ${event.name}` })).toBeVisible();
  const us = arbiter.getByRole('tabpanel', { name: /US Chess/ });
  await expect(us.getByText('The event has not finished.')).toBeVisible();
  const usDownload = us.getByRole('button', { name: 'Download the US Chess report' });
  await expect(usDownload).toBeDisabled();
  await expect(usDownload).toHaveAccessibleDescription('Opens after the last round.');

  // Three rounds are played.
  const rounds = [['1-0', '1/2-1/2'], ['0-1', '1-0'], ['1/2-1/2', '1-0']];
  for (const [index, results] of rounds.entries()) {
    await leader.startNextRound(event.id);
    const round = (await (await fetch(`${baseURL}${base}/rounds/${index + 1}/`)).json()) as RoundDetail;
    for (const [board, { id }] of round.pairings.entries()) await leader.post(`${base}/pairings/${id}/result/`, { result: results[board] });
  }
  expect(((await (await fetch(`${baseURL}${base}/`)).json()) as { status: string }).status).toBe('finished');

  // Finished: the US Chess export is blocked by what it misses, each player's ID listed.
  await arbiter.reload();
  await expect(us.getByText('The event has not finished.')).toHaveCount(0);
  await expect(us.getByText(/things to fill in before the download/)).toBeVisible();
  const missingForPlayers = us.getByRole('list', { name: 'Missing for players' });
  for (const player of PLAYERS) await expect(missingForPlayers).toContainText(`${player.name}: US Chess ID: Required`);
  await expect(arbiter.getByRole('tab', { name: /US Chess/ })).toContainText('missing');
  await expect(usDownload).toBeDisabled();
  await arbiter.screenshot({ path: path.join(SHOTS, 'exports-missing.png'), fullPage: true });

  // The event's values, and a US Chess ID of the wrong form: the server's message shows on its row.
  await us.getByRole('textbox', { name: 'US Chess affiliate ID', exact: true }).fill('A6012345');
  await us.getByRole('textbox', { name: "Chief TD's US Chess ID", exact: true }).fill('12345678');
  await us.getByRole('textbox', { name: 'City', exact: true }).fill('Boston');
  await us.getByRole('combobox', { name: 'State', exact: true }).selectOption('MA');
  await us.getByRole('textbox', { name: 'ZIP code', exact: true }).fill('02134');
  await us.getByRole('textbox', { name: 'Section name', exact: true }).fill('Open');
  const firstId = cell(us, `US Chess ID of ${PLAYERS[0]!.name}`);
  await firstId.fill('1234');
  await save(us);
  await expect(us.getByRole('alert')).toHaveText('Not saved: 1 value needs correcting, shown next to it.');
  await expect(firstId).toHaveAttribute('aria-invalid', 'true');
  await expect(firstId).toHaveAccessibleDescription(/A US Chess ID is 8 digits\./);
  await expect(firstId).toBeFocused();
  await arbiter.screenshot({ path: path.join(SHOTS, 'exports-refused.png'), fullPage: true });

  // Every ID typed down the column (Enter moves to the next row), then saved: ready.
  await firstId.fill('');
  for (const player of PLAYERS) await arbiter.keyboard.type(player.usChess).then(() => arbiter.keyboard.press('Enter'));
  for (const player of PLAYERS) await expect(cell(us, `US Chess ID of ${player.name}`)).toHaveValue(player.usChess);
  await save(us);
  await expect(us.getByText('Ready to download: the event has finished and nothing is missing.')).toBeVisible();
  await expect(arbiter.getByRole('tab', { name: /US Chess/ })).toContainText('Ready');

  // The ZIP holds the three files of format 2C, the players' IDs in TDEXPORT.
  const zipDownload = arbiter.waitForEvent('download');
  await usDownload.click();
  const zip = await zipDownload;
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  const files = unzip(readFileSync(await zip.path()));
  expect([...files.keys()].sort()).toEqual(['TDEXPORT.DBF', 'THEXPORT.DBF', 'TSEXPORT.DBF']);
  const [header] = dbfRecords(files.get('THEXPORT.DBF')!);
  expect(header).toMatchObject({ H_FORMAT: '2C', H_AFF_ID: 'A6012345', H_CTD_ID: '12345678', H_CITY: 'Boston', H_STATE: 'MA', H_ZIPCODE: '02134' });
  const [section] = dbfRecords(files.get('TSEXPORT.DBF')!);
  expect(section).toMatchObject({ S_SEC_NAME: 'Open', S_R_SYSTEM: 'R', S_TOT_RNDS: '3', S_LST_PAIR: '4' });
  const details = dbfRecords(files.get('TDEXPORT.DBF')!);
  expect(details.map((record) => record.D_MEM_ID).sort()).toEqual(PLAYERS.map((player) => player.usChess).sort());
  expect(details.find((record) => record.D_MEM_ID === '12700004')?.D_NAME).toBe('DIAZ, DEE');
  await arbiter.screenshot({ path: path.join(SHOTS, 'exports-ready.png'), fullPage: true });

  // The national rating report: the federation, its ranking method and each player's national ID.
  await arbiter.getByRole('tab', { name: /National rating/ }).click();
  await expect(arbiter).toHaveURL(/\?federation=national-trf$/);
  const national = arbiter.getByRole('tabpanel', { name: /National rating/ });
  const nationalDownload = national.getByRole('button', { name: 'Download the National rating (TRF-2026) report' });
  await expect(nationalDownload).toBeDisabled();
  await national.getByRole('textbox', { name: 'Federation', exact: true }).fill('usa');
  await national.getByRole('combobox', { name: 'Starting rank method', exact: true }).selectOption('NIDOF');
  await cell(national, `National ID of ${PLAYERS[0]!.name}`).click();
  for (const player of PLAYERS) await arbiter.keyboard.type(player.national).then(() => arbiter.keyboard.press('Enter'));
  await save(national);
  await expect(national.getByText('Ready to download: the event has finished and nothing is missing.')).toBeVisible();
  const trfDownload = arbiter.waitForEvent('download');
  await nationalDownload.click();
  const trf = await trfDownload;
  expect(trf.suggestedFilename()).toMatch(/-usa\.trf$/);
  const lines = readFileSync(await trf.path(), 'utf-8').split(/\r?\n/);
  expect(lines).toContain('172 USA NIDOF');
  const nrs = lines.filter((line) => line.startsWith('USA '));
  expect(nrs).toHaveLength(PLAYERS.length);
  for (const player of PLAYERS) expect(nrs.some((line) => line.slice(57, 68).trim() === player.national)).toBe(true);
  expect(lines.filter((line) => line.startsWith('001 '))).toHaveLength(PLAYERS.length);

  // Dark, on a desktop and on a phone: nothing scrolls sideways but the players' table in its box.
  const dark = await newPage(browser, { viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
  await logIn(dark, leader.username, PASSWORD);
  await dark.goto(`/swiss/${event.id}/exports`);
  await expect(dark.getByRole('tabpanel', { name: /US Chess/ }).getByText(/Ready to download/)).toBeVisible();
  await dark.screenshot({ path: path.join(SHOTS, 'exports-dark.png'), fullPage: true });
  const phone = await newPage(browser, { ...PHONE, colorScheme: 'dark' });
  await logIn(phone, leader.username, PASSWORD);
  await phone.goto(`/swiss/${event.id}/exports?federation=us-chess`);
  const phonePanel = phone.getByRole('tabpanel', { name: /US Chess/ });
  await expect(phonePanel.getByText(/Ready to download/)).toBeVisible();
  await expect(cell(phonePanel, `US Chess ID of ${PLAYERS[3]!.name}`)).toHaveValue(PLAYERS[3]!.usChess);
  await expectNoSidewaysScroll(phone);
  await phone.screenshot({ path: path.join(SHOTS, 'exports-phone-dark.png'), fullPage: true });
  const light = await newPage(browser, PHONE);
  await logIn(light, leader.username, PASSWORD);
  await light.goto(`/swiss/${event.id}/exports?federation=national-trf`);
  await expect(light.getByRole('tabpanel', { name: /National rating/ }).getByText(/Ready to download/)).toBeVisible();
  await expectNoSidewaysScroll(light);
  await light.screenshot({ path: path.join(SHOTS, 'exports-phone.png'), fullPage: true });
  await leader.dispose();
});
