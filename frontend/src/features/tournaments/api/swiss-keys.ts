/** Every query of one event starts with ['swiss', id], so a reconnect can refetch them all. */
export const swissKeys = {
  list: (filters: object) => ['swiss', 'list', filters] as const,
  event: (id: number) => ['swiss', id] as const,
  detail: (id: number) => ['swiss', id, 'detail'] as const,
  standings: (id: number) => ['swiss', id, 'standings'] as const,
  standingsPage: (id: number, page: number) => ['swiss', id, 'standings', page] as const,
  entry: (id: number, username: string) => ['swiss', id, 'entry', username] as const,
  rounds: (id: number) => ['swiss', id, 'rounds'] as const,
  round: (id: number, number: number) => ['swiss', id, 'round', number] as const,
};

/** Rows per standings page: the server's default page size, whose first page each `standings_update`
 * push carries (arbiter/common/pagination.py). */
export const STANDINGS_PAGE_SIZE = 50;
