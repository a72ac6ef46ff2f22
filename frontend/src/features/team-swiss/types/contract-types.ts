/**
 * TEMPORARY: the team Swiss shapes of docs/team-swiss.md (as `arbiter/teamswiss/read/serializers.py`
 * on team-backend is writing them) until the backend's OpenAPI schema is merged; then
 * `team-swiss.ts` aliases the generated types and this file goes.
 */
export type Points = { win: string; draw: string; loss: string };

export type SquadPlayer = { id: number; order: number; name: string; username: string | null; rating: number | null };

export type TeamEntry = { tpn: number; name: string; captain: string | null; status: 'active' | 'withdrawn'; players: SquadPlayer[] };

export type BoardSeat = { id: number; name: string; username: string | null; rating: number | null; tpn: number } | null;

export type Board = { board: number; white_team_colour: 'w' | 'b'; white: BoardSeat; black: BoardSeat; result: '' | '1-0' | '0-1' | '1/2' | '+-' | '-+' | '--' };

export type TeamRef = { tpn: number; name: string };

export type Match = {
  round: number;
  table: number;
  white: TeamRef;
  black: TeamRef | null;
  white_match_points: string | null;
  black_match_points: string | null;
  white_game_points: string | null;
  black_game_points: string | null;
  complete: boolean;
  boards: Board[];
};

export type RoundStatus = 'lineups' | 'playing' | 'complete';

export type TeamRound = {
  number: number;
  status: RoundStatus;
  paired_at: string;
  lineups_close_at: string | null;
  engine: string;
  lineups_submitted: number[];
  matches: Match[];
};

export type TeamSwissEventSummary = {
  id: number;
  host: string;
  host_name: string;
  name: string;
  description: string;
  boards: number;
  num_rounds: number;
  current_round: number;
  colour_model: 'typea' | 'typeb' | 'nocolor';
  primary_score: 'mp' | 'gp';
  match_points: Points;
  game_points: Points;
  pab_match_points: string;
  pab_game_points: string | null;
  tiebreaks: string[];
  initial_colour: 'white' | 'black';
  lineup_minutes: number;
  starts_at: string | null;
  status: 'created' | 'started' | 'finished';
  team_count: number;
  created_by: string | null;
  created_at: string;
  version: number;
};

export type TeamSwissEvent = TeamSwissEventSummary & {
  teams: TeamEntry[];
  round: TeamRound | null;
  viewer_is_leader: boolean;
  viewer_captain_of: number | null;
};

export type TeamStanding = {
  rank: number;
  tpn: number;
  name: string;
  match_points: string;
  game_points: string;
  tiebreaks: { code: string; value: string }[];
};

export type TeamStandings = { version: number; standings: TeamStanding[] };

export type CrosstableCell = {
  round: number;
  kind: 'match' | 'bye' | 'absent';
  opponent: number | null;
  colour: 'w' | 'b' | null;
  match_points: string | null;
  game_points: string | null;
};

export type CrosstableRow = { tpn: number; name: string; rounds: CrosstableCell[] };

export type BoardScore = {
  number: number;
  name: string;
  tpn: number;
  team: string;
  boards: number[];
  board: number | null;
  points: string;
  games: number;
  rating: number | null;
  performance: number | null;
};

export type Lineup = {
  round: number;
  tpn: number;
  submitted: boolean;
  submitted_by: string | null;
  submitted_at: string | null;
  players: (SquadPlayer | null)[];
};

export type TeamSwissSocketMessage =
  | { event: 'hello'; payload: { event: number; status: TeamSwissEventSummary['status']; version: number } }
  | { event: 'round_paired'; payload: TeamRound }
  | { event: 'lineup_submitted'; payload: { round: number; tpn: number } }
  | { event: 'round_start'; payload: TeamRound }
  | { event: 'board_result'; payload: Match }
  | { event: 'standings_update'; payload: TeamStandings }
  | { event: 'event_end'; payload: TeamStandings & { event: TeamSwissEventSummary } }
  | { event: 'error'; payload: unknown };
