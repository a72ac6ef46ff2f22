import { hashKey, type QueryClient, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query';

import type { ArbitratedEvent } from '@/lib/swiss/types';

/**
 * Every query key of the individual Swiss events (the event page, the arbiter's tools, the event
 * form). Each query of one event starts with ['swiss', id], so a `resync` can refetch them all;
 * the standings pages, and the searches in them, share ['swiss', id, 'standings'] so that they
 * can be marked all at once.
 */
export const swissKeys = {
  lists: () => ['swiss', 'list'] as const,
  list: (filters: object) => ['swiss', 'list', filters] as const,
  /** The lobby's team Swiss events of one status, beside the individual ones (under `lists`:
   * what refreshes the lobby refreshes them too). */
  teamLobby: (filters: object) => ['swiss', 'list', 'team-swiss', filters] as const,
  /** Teams found by name, for a co-host invitation. */
  teamSearch: (search: string) => ['swiss', 'team-search', search] as const,
  /** The signed-in user's teams: the join form offers only those of the event. */
  myTeams: () => ['swiss', 'my-teams'] as const,
  /** The individual tie-break codes, their names and the default order (one per release). */
  tiebreaks: () => ['swiss', 'tiebreaks'] as const,
  event: (id: number) => ['swiss', id] as const,
  detail: (id: number) => ['swiss', id, 'detail'] as const,
  standings: (id: number) => ['swiss', id, 'standings'] as const,
  standingsPage: (id: number, page: number) => ['swiss', id, 'standings', page] as const,
  standingsSearch: (id: number, search: string) => ['swiss', id, 'standings', 'search', search] as const,
  /** Every row at once (sheets, the arbiter's pickers), one query per standings version. */
  allStandings: (id: number) => ['swiss', id, 'all-standings'] as const,
  allStandingsAt: (id: number, version: number) => ['swiss', id, 'all-standings', version] as const,
  /** The signed-in player's own row, looked up once per round when the first page lacks it. */
  entries: (id: number) => ['swiss', id, 'entry'] as const,
  entriesOf: (id: number, username: string) => ['swiss', id, 'entry', username] as const,
  entry: (id: number, username: string, round: number) => ['swiss', id, 'entry', username, round] as const,
  entryConditions: (id: number, username: string | null) => ['swiss', id, 'entry-conditions', username] as const,
  rounds: (id: number) => ['swiss', id, 'rounds'] as const,
  round: (id: number, number: number) => ['swiss', id, 'round', number] as const,
  bans: (id: number) => ['swiss', id, 'bans'] as const,
  /** What a no-show by one entry would do now: under `bans`, so a no-show recorded marks it stale. */
  noShowBan: (id: number, entryId: number) => ['swiss', id, 'bans', 'no-show', entryId] as const,
  pairingProposal: (id: number, version: string) => ['swiss', id, 'pairing-proposal', version] as const,
  forbidden: (id: number) => ['swiss', id, 'forbidden'] as const,
  /** A co-hosted event's team standings (read again with the pages at each `reload` ping). */
  teamStandings: (id: number) => ['swiss', id, 'team-standings'] as const,
  registered: (id: number) => ['swiss', id, 'registered'] as const,
  claims: (id: number) => ['swiss', id, 'registered', 'claims'] as const,
  prizes: (id: number) => ['swiss', id, 'prizes'] as const,
  audit: (id: number) => ['swiss', id, 'audit'] as const,
  auditPage: (id: number, page: number) => ['swiss', id, 'audit', page] as const,
  /** A team event's audit log, for the arbiter panel's log that serves both kinds of event
   * (under ['swiss', 'team-swiss', id]: never an individual event's prefix). */
  teamAuditPage: (id: number, page: number) => ['swiss', 'team-swiss', id, 'audit', page] as const,
  /** The open arbiter calls of an online event's games, either kind of event. */
  arbiterCalls: (event: ArbitratedEvent) =>
    event.kind === 'swiss' ? (['swiss', event.id, 'arbiter-calls'] as const) : (['swiss', 'team-swiss', event.id, 'arbiter-calls'] as const),
};

/** The page number of a `standingsPage` key; null for any other key (a search among them). */
export const standingsPageOf = (key: QueryKey): number | null => (key[2] === 'standings' && typeof key[3] === 'number' ? key[3] : null);

/** Rows per standings page: the server's default page size, whose first page each `standings_update`
 * push carries (arbiter/common/pagination.py). */
export const STANDINGS_PAGE_SIZE = 50;

/*
 * The `Arbiter-Version` each cached page of an event was served at (docs/live.md, "Reads"), per
 * query cache, by key. Here beside the keys rather than in a module of its own: a new module
 * shared by the entry chunk's readers made the bundler split the API client out of that chunk
 * (0.8 kB more on every page).
 */
const served = new WeakMap<QueryClient, Map<string, number>>();

/** For a page's `queryFn`: notes the version its answer carries, and passes the answer on. */
export const noteVersion =
  ({ client, queryKey }: Pick<QueryFunctionContext, 'client' | 'queryKey'>) =>
  <R extends { response: Response }>(result: R): R => {
    const version = result.response.headers.get('Arbiter-Version');
    if (version) served.set(client, (served.get(client) ?? new Map<string, number>()).set(hashKey(queryKey), Number(version)));
    return result;
  };

export type NoteVersion = ReturnType<typeof noteVersion>;

/** Outside a query: the answer as it is. */
export const noNote: NoteVersion = (result) => result;

/** The version a cached page was served at; null when it was not read over REST (or carried none). */
export const servedVersion = (client: QueryClient, queryKey: QueryKey): number | null => served.get(client)?.get(hashKey(queryKey)) ?? null;
