import { applyLiveEvent, asLiveEvent } from '@/features/team-swiss/api/apply-live-event';
import { teamSwissKeys } from '@/features/team-swiss/api/team-swiss-keys';
import { buildMatch, buildTeamRound, buildTeamStanding, buildTeamSwissEvent } from '@/features/team-swiss/testing/builders';
import type { TeamRound, TeamStandings, TeamSwissEvent } from '@/features/team-swiss/types/team-swiss';
import { createTestQueryClient } from '@/testing/render-with-providers';

describe('applyLiveEvent (team Swiss)', () => {
  it('writes a paired round, a submission, a result and the standings in place', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(teamSwissKeys.detail(5), buildTeamSwissEvent({ status: 'started', current_round: 1 }));
    applyLiveEvent(queryClient, 5, { event: 'round_paired', payload: buildTeamRound({ number: 2 }) });
    expect(queryClient.getQueryData<TeamSwissEvent>(teamSwissKeys.detail(5))).toMatchObject({ current_round: 2, status: 'started' });

    applyLiveEvent(queryClient, 5, { event: 'lineup_submitted', payload: { round: 2, tpn: 2 } });
    expect(queryClient.getQueryData<TeamRound>(teamSwissKeys.round(5, 2))?.lineups_submitted).toEqual([2]);

    const result = buildMatch({ round: 2, complete: true, white_game_points: '2.0', black_game_points: '0.0' });
    applyLiveEvent(queryClient, 5, { event: 'board_result', payload: result });
    expect(queryClient.getQueryData<TeamRound>(teamSwissKeys.round(5, 2))?.status).toBe('complete');

    applyLiveEvent(queryClient, 5, { event: 'standings_update', payload: { version: 3, standings: [buildTeamStanding()] } });
    // An older version (an answer overtaken by the push) does not undo it.
    applyLiveEvent(queryClient, 5, { event: 'standings_update', payload: { version: 2, standings: [] } });
    expect(queryClient.getQueryData<TeamStandings>(teamSwissKeys.standings(5))?.standings).toHaveLength(1);
  });

  it('reads the event again when round 1 is paired (the teams are numbered by rating then)', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(teamSwissKeys.detail(5), buildTeamSwissEvent({ status: 'created', current_round: 0 }));
    applyLiveEvent(queryClient, 5, { event: 'round_paired', payload: buildTeamRound({ number: 1 }) });
    expect(queryClient.getQueryState(teamSwissKeys.detail(5))?.isInvalidated).toBe(true);
    // The old numbering is not mixed with the new one: the cached event gets no round 1 until
    // it is read again (a captain's line-up link kept the old tpn, another team's: a 403).
    expect(queryClient.getQueryData<TeamSwissEvent>(teamSwissKeys.detail(5))).toMatchObject({ current_round: 0, round: null });
    expect(queryClient.getQueryData<TeamRound>(teamSwissKeys.round(5, 1))?.number).toBe(1);

    queryClient.setQueryData(teamSwissKeys.detail(6), buildTeamSwissEvent({ status: 'started', current_round: 1 }));
    applyLiveEvent(queryClient, 6, { event: 'round_paired', payload: buildTeamRound({ number: 2 }) });
    expect(queryClient.getQueryState(teamSwissKeys.detail(6))?.isInvalidated).toBe(false);
  });

  it('knows the socket\'s messages and ignores others', () => {
    expect(asLiveEvent({ event: 'round_start', payload: buildTeamRound() })?.event).toBe('round_start');
    expect(asLiveEvent({ event: 'nonsense', payload: {} })).toBeNull();
  });
});
