/**
 * The exports' query keys, under the event's ['swiss', id] prefix like every read of an event,
 * so that a `resync` of the event refetches them too. The event's detail is read here under a
 * key of this feature's own: features share no code, and the Swiss feature notes the version
 * each of its reads was served at.
 */
export const exportsKeys = {
  all: (id: number) => ['swiss', id, 'exports'] as const,
  list: (id: number) => ['swiss', id, 'exports', 'list'] as const,
  data: (id: number, code: string) => ['swiss', id, 'exports', 'data', code] as const,
  event: (id: number) => ['swiss', id, 'exports', 'event'] as const,
};
