import type { components } from '@/lib/api-types';

type Schemas = components['schemas'];

/** Builders of API responses typed by the generated schema, with overridable defaults. */
export const buildTournament = (overrides: Partial<Schemas['TournamentOutput']> = {}): Schemas['TournamentOutput'] => ({
  id: 7,
  name: 'Tuesday Blitz',
  description: '',
  team: 'knights',
  team_name: 'Knights',
  created_by: 'leader',
  status: 'running',
  mode: 'otb',
  venue: '',
  rated: true,
  has_password: false,
  clock_limit_seconds: 180,
  clock_increment_seconds: 2,
  speed: 'blitz',
  num_rounds: 5,
  current_round: 1,
  start_time: '2026-11-23T18:00:00Z',
  round_interval_seconds: 60,
  next_round_at: null,
  min_rating: null,
  max_rating: null,
  tiebreak_order: ['BH-C1', 'BH', 'SB'],
  regulations: '2026',
  accelerated: false,
  initial_colour: 'white',
  bye_request_limit: 1,
  pairing_mode: 'engine',
  standings_hidden: false,
  disqualification_games: 'stand',
  standings_version: 3,
  tiebreaks_after_round: 0,
  participant_count: 4,
  cohosts: [],
  teammates_do_not_meet: false,
  teammates_rounds: null,
  team_standings_top: 4,
  end_reason: '',
  finished_at: null,
  round_times: [],
  registration_deadline: null,
  checkin_minutes: null,
  checkin_opens_at: null,
  no_show_seconds: null,
  no_show_seconds_default: 20,
  ...overrides,
});

let standingIds = 0;

export const buildStanding = (overrides: Partial<Schemas['StandingOutput']> = {}): Schemas['StandingOutput'] => ({
  id: ++standingIds,
  rank: 1,
  rank_label: '1',
  username: 'alice',
  rating: 1500,
  pairing_number: 1,
  status: 'active',
  checked_in: false,
  points: '1.0',
  tiebreaks: {},
  sheet: [],
  rating_diff: null,
  team: null,
  ...overrides,
});

export const buildPairing = (overrides: Partial<Schemas['PairingOutput']> = {}): Schemas['PairingOutput'] => ({
  id: 100,
  board: 1,
  white: 'alice',
  black: 'bob',
  result: '',
  disputed: false,
  white_report: '',
  black_report: '',
  no_show: null,
  game_id: null,
  white_rating: 1500,
  black_rating: 1500,
  white_rating_diff: null,
  black_rating_diff: null,
  ...overrides,
});

export const buildRound = (overrides: Partial<Schemas['RoundDetailOutput']> = {}): Schemas['RoundDetailOutput'] => ({
  number: 1,
  status: 'playing',
  started_at: '2026-11-23T18:00:00Z',
  completed_at: null,
  manual: false,
  engine: 'bbpPairings',
  pairings: [buildPairing()],
  byes: [],
  ...overrides,
});

export const page = <T,>(results: T[], count = results.length) => ({
  count,
  next: count > results.length ? 'next' : null,
  previous: null,
  results,
});
