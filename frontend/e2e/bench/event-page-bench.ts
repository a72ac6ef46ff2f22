/// <reference lib="dom" />
/**
 * The browser half of benchmarks/bench_frontend.py (run with Node 24, which strips the types):
 * headless Chromium on the event page of a large event, against the real server.
 *
 * Input (JSON in BENCH_INPUT): baseURL, eventId, the visitor's username and password (a team
 * member who has not joined), the leader's API token, the boards to post results on, a board
 * of round 1, the number of page loads and the spacing of results. Output: one JSON line on stdout.
 *
 * - Interactive: from navigation start (the page's time origin) until the standings table has
 *   a row, the "Join" button is enabled, and a click on the "Round 1" tab has shown that round's
 *   boards. Each milestone is read from the page's clock right after Playwright saw it; one not
 *   reached within 10 s ends that load with an error (and a screenshot in /tmp).
 * - Result latency: from just before a result's POST until the page shows it on the board;
 *   detected in the page on every animation frame, stamped with the page's wall clock.
 * - Redirect: two players of a small online event wait on its page (their /ws/me/ socket
 *   open); from just before a leader's round start request until each page is on its game
 *   (the push is sent on the commit, so the pages usually move before the answer arrives).
 */
import { chromium, type Page } from '@playwright/test';

type Board = { id: number; white: string; black: string };
type Redirect = { eventId: number; players: string[]; password: string };
type Input = {
  baseURL: string;
  eventId: number;
  username: string;
  password: string;
  token: string;
  boards: Board[];
  round1Board: Board;
  loads: number;
  spacingMs: number;
  redirect: Redirect;
};

const input = JSON.parse(process.env.BENCH_INPUT ?? '{}') as Input;
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const FAILURE_SCREENSHOT = '/tmp/bench-frontend-failure.png';
const MILESTONE_MS = 10_000;
const SHOWN: Record<string, string> = { '1-0': '1-0', '0-1': '0-1' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pageNow = (page: Page) => page.evaluate(() => performance.now());

type Load = { rows: number | null; joinReady: number | null; tabShown: number | null; error?: string };

/** One cold load; a milestone not reached within MILESTONE_MS ends it with an error. */
async function loadOnce(page: Page): Promise<Load> {
  const load: Load = { rows: null, joinReady: null, tabShown: null };
  try {
    await page.goto(`/swiss/${input.eventId}`, { waitUntil: 'commit' });
    const standings = page.getByRole('table', { name: 'Standings' });
    await standings.getByRole('row').nth(1).waitFor({ timeout: MILESTONE_MS });
    load.rows = await pageNow(page);
    const join = page.getByRole('region', { name: 'Your event' }).getByRole('button', {
      name: 'Join',
      exact: true,
    });
    await join.waitFor({ timeout: MILESTONE_MS });
    const enabled = (el: SVGElement | HTMLElement | null) => !(el as HTMLButtonElement).disabled;
    await page.waitForFunction(enabled, await join.elementHandle(), { timeout: MILESTONE_MS });
    load.joinReady = await pageNow(page);
    const pairings = page.getByRole('region', { name: 'Pairings' });
    await pairings.getByRole('tab', { name: 'Round 1', exact: true }).click({ timeout: MILESTONE_MS });
    const { white, black } = input.round1Board;
    await page.waitForFunction(boardShows, [white, black, ''] as const, {
      polling: 'raf',
      timeout: MILESTONE_MS,
    });
    load.tabShown = await pageNow(page);
  } catch (error) {
    load.error = (error as Error).message.split('\n')[0];
    await page.screenshot({ path: FAILURE_SCREENSHOT, timeout: 5_000 }).catch(() => undefined);
  }
  return load;
}

/** True once the Pairings region shows a board with both players and the given result. */
function boardShows([white, black, shown]: readonly [string, string, string]): number | false {
  const regions = [...document.querySelectorAll('section, [role="region"]')];
  const region = regions.find((el) => {
    const label =
      el.getAttribute('aria-label') ??
      document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent;
    return label?.trim() === 'Pairings';
  });
  if (!region) return false;
  for (const board of region.querySelectorAll('li, tr, [role="row"], [role="listitem"]')) {
    const text = board.textContent ?? '';
    if (text.includes(white) && text.includes(black)) {
      return text.includes(shown) ? Date.now() : false;
    }
  }
  return false;
}

async function postResult(board: Board, result: string): Promise<number> {
  const response = await fetch(
    `${input.baseURL}/api/tournaments/swiss/${input.eventId}/pairings/${board.id}/result/`,
    {
      method: 'POST',
      headers: { Authorization: `Bearer ${input.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ result }),
    },
  );
  if (!response.ok) throw new Error(`result POST: HTTP ${response.status} ${await response.text()}`);
  return response.status;
}

/** Milliseconds from the round start's request until each player's page is on its game. */
async function redirects(newPage: (username: string, password: string) => Promise<Page>) {
  const { eventId, players, password } = input.redirect;
  const pages: Page[] = [];
  for (const username of players) {
    const page = await newPage(username, password);
    // The user socket's first frame (hello): the round start's push will reach this page.
    const hello = page
      .waitForEvent('websocket', (socket) => socket.url().includes('/ws/me/'))
      .then((socket) => socket.waitForEvent('framereceived'));
    await page.goto(`/swiss/${eventId}`);
    await hello;
    pages.push(page);
  }
  const arrivals = pages.map((page) =>
    page.waitForURL(/\/game\/\d+$/, { timeout: MILESTONE_MS }).then(() => Date.now()),
  );
  const posted = Date.now();
  const response = await fetch(`${input.baseURL}/api/tournaments/swiss/${eventId}/start-next-round/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${input.token}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new Error(`round start: HTTP ${response.status} ${await response.text()}`);
  const answered = Date.now();
  const times = await Promise.all(arrivals);
  for (const page of pages) await page.context().close();
  return { startMs: answered - posted, redirectMs: times.map((at) => at - posted) };
}

async function main() {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  const newPage = async (username = input.username, password = input.password) => {
    const context = await browser.newContext({
      baseURL: input.baseURL,
      viewport: { width: 1280, height: 900 },
      locale: 'en-US', // the milestones are English texts
    });
    const login = await context.request.post('/api/auth/login/', {
      data: { username, password },
    });
    if (!login.ok()) throw new Error(`login: HTTP ${login.status()}`);
    return context.newPage();
  };

  const loads = [];
  for (let i = 0; i < input.loads; i += 1) {
    const page = await newPage();
    loads.push(await loadOnce(page));
    await page.context().close();
  }

  const page = await newPage();
  await page.goto(`/swiss/${input.eventId}`);
  await page.getByRole('table', { name: 'Standings' }).getByRole('row').nth(1).waitFor();
  const latencies: number[] = [];
  for (const [i, board] of input.boards.entries()) {
    const result = i % 2 ? '0-1' : '1-0';
    const watched = [board.white, board.black, SHOWN[result]] as const;
    const seen = page.waitForFunction(boardShows, watched, {
      polling: 'raf',
      timeout: 10_000,
    });
    const posted = Date.now();
    await postResult(board, result);
    const at = (await (await seen).jsonValue()) as number;
    latencies.push(at - posted);
    await sleep(Math.max(0, input.spacingMs - (Date.now() - posted)));
  }
  await page.context().close();
  const redirect = await redirects(newPage);
  await browser.close();
  process.stdout.write(`${JSON.stringify({ loads, latencies, redirect })}\n`);
}

await main();
