import { applyLiveEvent, helloIsAhead } from '@/lib/team-swiss/apply-live-event';
import { teamSwissKeys } from '@/lib/team-swiss/team-swiss-keys';
import { waitsForRound } from '@/lib/team-swiss/version-pings';
import { buildMatch, buildTeamEntry, buildTeamRound, buildTeamSwissEvent } from '@/lib/team-swiss/testing/builders';
import type { TeamRound, TeamSwissEvent } from '@/lib/team-swiss/types';
import { createTestQueryClient } from '@/testing/render-with-providers';

describe('applyLiveEvent (team Swiss, version pings)', () => {
  it('writes a board result into its match in place, in the round and in the event', () => {
    const queryClient = createTestQueryClient();
    const round = buildTeamRound({ number: 2, status: 'playing' });
    queryClient.setQueryData(teamSwissKeys.detail(5), buildTeamSwissEvent({ current_round: 2, round }));
    queryClient.setQueryData(teamSwissKeys.round(5, 2), round);
    const result = buildMatch({ round: 2, complete: true, white_game_points: '2.0', black_game_points: '0.0' });
    applyLiveEvent(queryClient, 5, { event: 'board_result', payload: result });
    expect(queryClient.getQueryData<TeamRound>(teamSwissKeys.round(5, 2))?.status).toBe('complete');
    expect(queryClient.getQueryData<TeamSwissEvent>(teamSwissKeys.detail(5))?.round?.matches[0]?.white_game_points).toBe('2.0');
    // Written, not read again.
    expect(queryClient.getQueryState(teamSwissKeys.round(5, 2))?.isInvalidated).toBe(false);
  });

  it('hello: the cache is behind when its version or status differ, never while nothing is cached', () => {
    const queryClient = createTestQueryClient();
    expect(helloIsAhead(queryClient, 5, { event: 5, status: 'started', version: 9 })).toBe(false);
    queryClient.setQueryData(teamSwissKeys.detail(5), buildTeamSwissEvent({ status: 'started', version: 4 }));
    expect(helloIsAhead(queryClient, 5, { event: 5, status: 'started', version: 4 })).toBe(false);
    expect(helloIsAhead(queryClient, 5, { event: 5, status: 'started', version: 5 })).toBe(true);
    expect(helloIsAhead(queryClient, 5, { event: 5, status: 'finished', version: 4 })).toBe(true);
  });
});

describe('waitsForRound', () => {
  const now = Date.parse('2026-11-27T20:59:30Z');
  const lineups = buildTeamRound({ status: 'lineups', lineups_close_at: '2026-11-27T21:00:00Z' });

  it('a player of an active team, while the line-ups (and so the boards) are due within a minute', () => {
    const event = buildTeamSwissEvent({ round: lineups, teams: [buildTeamEntry({ tpn: 1 })] });
    expect(waitsForRound(event, 'p12', now)).toBe(true);
    expect(waitsForRound(event, 'p12', now - 120_000)).toBe(false);
    expect(waitsForRound(event, 'someone', now)).toBe(false);
    expect(waitsForRound(event, null, now)).toBe(false);
    expect(waitsForRound({ ...event, teams: [buildTeamEntry({ tpn: 1, status: 'withdrawn' })] }, 'p12', now)).toBe(false);
    expect(waitsForRound({ ...event, round: { ...lineups, status: 'playing' } }, 'p12', now)).toBe(false);
  });

  it('before round 1, a captain or player when the start is due', () => {
    const event = buildTeamSwissEvent({ status: 'created', current_round: 0, round: null, starts_at: '2026-11-27T21:00:00Z', teams: [buildTeamEntry({ tpn: 1 })] });
    expect(waitsForRound(event, 'p11', now)).toBe(true);
    expect(waitsForRound({ ...event, teams: [], viewer_captain_of: 1 }, 'captain1', now)).toBe(true);
    expect(waitsForRound({ ...event, starts_at: null }, 'p11', now)).toBe(false);
  });
});
