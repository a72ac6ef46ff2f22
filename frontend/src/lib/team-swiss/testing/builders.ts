import type { Board, Match, TeamEntry, TeamRound, TeamStanding, TeamSwissEvent } from '@/lib/team-swiss/types';

/** Team Swiss API answers for the tests, with overridable defaults. */
export const buildTeamEntry = (overrides: Partial<TeamEntry> = {}): TeamEntry => {
  const tpn = overrides.tpn ?? 1;
  return {
    tpn,
    name: `Team ${tpn}`,
    captain: `captain${tpn}`,
    status: 'active',
    players: [1, 2, 3].map((order) => ({
      id: tpn * 10 + order,
      order,
      name: `Player ${tpn}.${order}`,
      username: `p${tpn}${order}`,
      rating: 2000 - order * 50,
    })),
    ...overrides,
  };
};

export const buildBoard = (overrides: Partial<Board> = {}): Board => ({
  board: 1,
  white_team_colour: 'w',
  white: { id: 11, name: 'Player 1.1', username: 'p11', rating: 1950, tpn: 1 },
  black: { id: 21, name: 'Player 2.1', username: 'p21', rating: 1950, tpn: 2 },
  result: '',
  disputed: false,
  white_report: '',
  black_report: '',
  game_id: null,
  ...overrides,
});

export const buildMatch = (overrides: Partial<Match> = {}): Match => ({
  round: 1,
  table: 1,
  white: { tpn: 1, name: 'Team 1' },
  black: { tpn: 2, name: 'Team 2' },
  white_match_points: null,
  black_match_points: null,
  white_game_points: null,
  black_game_points: null,
  complete: false,
  boards: [],
  ...overrides,
});

export const buildTeamRound = (overrides: Partial<TeamRound> = {}): TeamRound => ({
  number: 1,
  status: 'lineups',
  paired_at: '2026-11-27T20:50:00Z',
  lineups_close_at: '2026-11-27T21:00:00Z',
  engine: 'fideteam',
  lineups_submitted: [],
  matches: [buildMatch()],
  ...overrides,
});

export const buildTeamSwissEvent = (overrides: Partial<TeamSwissEvent> = {}): TeamSwissEvent => ({
  id: 5,
  host: 'knights',
  host_name: 'Knights',
  name: 'Club Team Cup',
  description: '',
  boards: 2,
  num_rounds: 3,
  current_round: 1,
  colour_model: 'typea',
  primary_score: 'mp',
  match_points: { win: '2.0', draw: '1.0', loss: '0.0' },
  game_points: { win: '1.0', draw: '0.5', loss: '0.0' },
  pab_match_points: '2.0',
  pab_game_points: null,
  tiebreaks: ['GP', 'EDE'],
  initial_colour: 'white',
  lineup_minutes: 10,
  mode: 'otb',
  starts_at: null,
  status: 'started',
  team_count: 2,
  created_by: 'leader',
  created_at: '2026-11-27T20:00:00Z',
  version: 1,
  teams: [buildTeamEntry({ tpn: 1 }), buildTeamEntry({ tpn: 2 })],
  round: null,
  viewer_is_leader: false,
  viewer_captain_of: null,
  venue: '',
  federation: '',
  chief_arbiter_name: '',
  chief_arbiter_fide_id: '',
  deputy_arbiters: [],
  clock_minutes: null,
  clock_increment: 0,
  min_account_age_days: null,
  min_rated_games: null,
  entry_rules: [],
  ...overrides,
});

export const buildTeamStanding = (overrides: Partial<TeamStanding> = {}): TeamStanding => ({
  rank: 1,
  tpn: 1,
  name: 'Team 1',
  match_points: '2.0',
  game_points: '1.5',
  played: 1,
  tiebreaks: [
    { code: 'GP', value: '1.50' },
    { code: 'EDE', value: '0.00' },
  ],
  ...overrides,
});
