import { partialMatchKey } from '@tanstack/react-query';

import { standingsPageOf, swissKeys } from '@/lib/swiss/swiss-keys';

/** Every key of one event, one per entry of the factory. */
const eventKeys = (id: number) => [
  swissKeys.detail(id),
  swissKeys.standings(id),
  swissKeys.standingsPage(id, 2),
  swissKeys.standingsSearch(id, 'ali'),
  swissKeys.allStandings(id),
  swissKeys.allStandingsAt(id, 3),
  swissKeys.entries(id),
  swissKeys.entriesOf(id, 'alice'),
  swissKeys.entry(id, 'alice', 2),
  swissKeys.entryConditions(id, null),
  swissKeys.rounds(id),
  swissKeys.round(id, 2),
  swissKeys.bans(id),
  swissKeys.pairingProposal(id, '2-8-0'),
  swissKeys.forbidden(id),
  swissKeys.registered(id),
  swissKeys.claims(id),
];

/** Whether `invalidateQueries({ queryKey: filter })` and the like reach the query keyed `key`. */
const matches = (filter: readonly unknown[], key: readonly unknown[]) => partialMatchKey(key, filter);

describe('swissKeys', () => {
  it("every key of an event falls under the event's prefix (a reconnect refetches them all), and none under another event's", () => {
    for (const key of eventKeys(7)) {
      expect(matches(swissKeys.event(7), key)).toBe(true);
      expect(matches(swissKeys.event(8), key)).toBe(false);
    }
    expect(matches(swissKeys.event(7), swissKeys.list({}))).toBe(false);
  });

  it('the standings pages and searches share a prefix, which the full list and the own entry stay out of', () => {
    expect(matches(swissKeys.standings(7), swissKeys.standingsPage(7, 3))).toBe(true);
    expect(matches(swissKeys.standings(7), swissKeys.standingsSearch(7, 'bob'))).toBe(true);
    expect(matches(swissKeys.standings(7), swissKeys.allStandingsAt(7, 4))).toBe(false);
    expect(matches(swissKeys.standings(7), swissKeys.entry(7, 'alice', 1))).toBe(false);
  });

  it('an own-entry key falls under its user only', () => {
    expect(matches(swissKeys.entriesOf(7, 'alice'), swissKeys.entry(7, 'alice', 3))).toBe(true);
    expect(matches(swissKeys.entriesOf(7, 'alice'), swissKeys.entry(7, 'alicia', 3))).toBe(false);
  });

  it('standingsPageOf reads the page of a standings page key, and nothing of any other', () => {
    expect(standingsPageOf(swissKeys.standingsPage(7, 4))).toBe(4);
    expect(standingsPageOf(swissKeys.standingsSearch(7, 'x'))).toBeNull();
    expect(standingsPageOf(swissKeys.round(7, 4))).toBeNull();
  });
});
