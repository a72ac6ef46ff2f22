import type * as Contract from '@/features/team-swiss/types/contract-types';

export type Points = Contract.Points;
export type SquadPlayer = Contract.SquadPlayer;
export type TeamEntry = Contract.TeamEntry;
export type BoardSeat = Contract.BoardSeat;
export type Board = Contract.Board;
export type Match = Contract.Match;
export type RoundStatus = Contract.RoundStatus;
export type TeamRound = Contract.TeamRound;
export type TeamSwissEventSummary = Contract.TeamSwissEventSummary;
export type TeamSwissEvent = Contract.TeamSwissEvent;
export type TeamStanding = Contract.TeamStanding;
export type TeamStandings = Contract.TeamStandings;
export type CrosstableRow = Contract.CrosstableRow;
export type CrosstableCell = Contract.CrosstableCell;
export type BoardScore = Contract.BoardScore;
export type Lineup = Contract.Lineup;
/** `/ws/team-swiss/{id}/` messages; `error` answers a refused frame and is no live event. */
export type LiveEvent = Exclude<Contract.TeamSwissSocketMessage, { event: 'error' }>;
