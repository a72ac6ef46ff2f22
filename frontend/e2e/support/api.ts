import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import { request as playwrightRequest } from '@playwright/test';

/** A name unique to this run: the e2e database is fresh, but a retry must not collide. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

export const PASSWORD = 'e2e-Pawn-Storm-42';

type ApiResponse = Awaited<ReturnType<APIRequestContext['get']>>;

/** The JSON body of a successful response; T names only the fields a spec reads. */
async function expectOk<T>(response: ApiResponse, what: string): Promise<T> {
  if (!response.ok()) {
    throw new Error(`${what}: HTTP ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** A team leader driven over REST with an API token (as a script or a bot would). */
export class Leader {
  private constructor(
    readonly username: string,
    private readonly api: APIRequestContext,
  ) {}

  static async create(baseURL: string): Promise<Leader> {
    const username = uniqueName('leader');
    const session = await playwrightRequest.newContext({ baseURL });
    await expectOk(await session.get('/api/auth/csrf/'), 'csrf');
    await expectOk(
      await session.post('/api/auth/register/', { data: { username, password: PASSWORD } }),
      'register the leader',
    );
    const { cookies } = await session.storageState();
    const csrf = cookies.find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
    const created = await expectOk<{ token: string }>(
      await session.post('/api/auth/tokens/', {
        data: { name: 'e2e' },
        headers: { 'X-CSRFToken': csrf, Referer: `${baseURL}/` },
      }),
      'create a token',
    );
    await session.dispose();
    const api = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: { Authorization: `Bearer ${created.token}` },
    });
    return new Leader(username, api);
  }

  /** `settings` adds fields of the create request, e.g. `{ join_policy: 'request' }`. */
  async createTeam(name: string, settings: Record<string, unknown> = {}): Promise<{ slug: string; name: string }> {
    return expectOk(await this.api.post('/api/teams/', { data: { name, ...settings } }), 'create a team');
  }

  /** `settings` overrides the defaults below, e.g. `{ mode: 'otb' }` for an over-the-board event. */
  async createEvent(team: string, name: string, settings: Record<string, unknown> = {}): Promise<{ id: number; name: string }> {
    const start = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    return expectOk(
      await this.api.post('/api/tournaments/swiss/', {
        data: {
          team,
          name,
          num_rounds: 3,
          start_time: start,
          clock_limit_seconds: 300,
          clock_increment_seconds: 3,
          round_interval_seconds: null,
          ...settings,
        },
      }),
      'create an event',
    );
  }

  /** Lets a player who asked to join the team in. */
  async approve(slug: string, requestId: number): Promise<void> {
    await expectOk(await this.api.post(`/api/teams/${slug}/requests/${requestId}/approve/`, { data: {} }), 'approve a join request');
  }

  async post<T>(url: string, data: object = {}): Promise<T> {
    return expectOk<T>(await this.api.post(url, { data }), `POST ${url}`);
  }

  async patch<T>(url: string, data: object): Promise<T> {
    return expectOk<T>(await this.api.patch(url, { data }), `PATCH ${url}`);
  }

  async put<T>(url: string, data: object): Promise<T> {
    return expectOk<T>(await this.api.put(url, { data }), `PUT ${url}`);
  }

  async startNextRound(eventId: number): Promise<void> {
    await expectOk(
      await this.api.post(`/api/tournaments/swiss/${eventId}/start-next-round/`, { data: {} }),
      'start the next round',
    );
  }

  async dispose(): Promise<void> {
    await this.api.dispose();
  }
}

/** The demo event halfway through that scripts/e2e-server.sh seeds (`manage.py seed_demo`). */
export async function demoEventId(baseURL: string, name = 'Demo Club Swiss'): Promise<number> {
  const api = await playwrightRequest.newContext({ baseURL });
  const page = await expectOk<{ results: { id: number; name: string }[] }>(
    await api.get('/api/tournaments/swiss/?team=demo-chess-club'),
    'list the demo events',
  );
  await api.dispose();
  const event = page.results.find((candidate) => candidate.name === name);
  if (!event) throw new Error(`no demo event ${name}: did scripts/e2e-server.sh seed it?`);
  return event.id;
}

/** The contexts `newPage` opened that are still open (closed by `closeOpenedPages`). */
const opened: BrowserContext[] = [];

/** A page in a context of its own: its own cookies, as another person's browser. */
export async function newPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  opened.push(context);
  return context.newPage();
}

/** Closes every context `newPage` opened (support/test.ts does, as each test starts). */
export async function closeOpenedPages(): Promise<void> {
  for (const context of opened.splice(0)) await context.close();
}

/** A player driven over REST with a session of their own (registered, so signed in). */
export class Player {
  private constructor(
    readonly username: string,
    private readonly api: APIRequestContext,
    private readonly csrf: string,
    private readonly baseURL: string,
  ) {}

  static async register(baseURL: string, username: string): Promise<Player> {
    const api = await playwrightRequest.newContext({ baseURL });
    await expectOk(await api.get('/api/auth/csrf/'), 'csrf');
    const csrfOf = async () => (await api.storageState()).cookies.find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
    const headers = { 'X-CSRFToken': await csrfOf(), Referer: `${baseURL}/` };
    await expectOk(await api.post('/api/auth/register/', { data: { username, password: PASSWORD }, headers }), `register ${username}`);
    return new Player(username, api, await csrfOf(), baseURL);
  }

  async post<T>(url: string, data: object = {}): Promise<T> {
    const response = await this.api.post(url, { data, headers: { 'X-CSRFToken': this.csrf, Referer: `${this.baseURL}/` } });
    return expectOk<T>(response, `POST ${url} as ${this.username}`);
  }

  async dispose(): Promise<void> {
    await this.api.dispose();
  }
}
