import type { components } from '@/lib/api-types';

type Schemas = components['schemas'];

export type Points = Schemas['TeamSwissPoints'];
export type SquadPlayer = Schemas['TeamSwissPlayerOutput'];
export type TeamEntry = Schemas['TeamSwissTeamOutput'];
export type BoardSeat = Schemas['TeamSwissBoardPlayer'] | null;
export type Board = Schemas['TeamSwissBoardOutput'];
export type Match = Schemas['TeamSwissMatchOutput'];
export type RoundStatus = Schemas['TeamSwissRoundStatusEnum'];
export type TeamRound = Schemas['TeamSwissRoundOutput'];
export type TeamSwissEventSummary = Schemas['TeamSwissEventOutput'];
export type TeamSwissEvent = Schemas['TeamSwissEventDetailOutput'];
export type TeamStanding = Schemas['TeamSwissStandingOutput'];
export type TeamStandings = Schemas['TeamSwissStandingsOutput'];
export type CrosstableRow = Schemas['TeamSwissCrosstableApiOutput'];
export type CrosstableCell = Schemas['TeamSwissCrosstableCell'];
export type BoardScore = Schemas['TeamSwissBoardScoresApiOutput'];
export type Lineup = Schemas['TeamSwissLineupApiOutput'];
export type TeamSwissInput = Schemas['TeamSwissListCreateApiInputRequest'];
export type TeamInput = Schemas['TeamSwissTeamRegisterApiInputRequest'];
export type BoardResult = Schemas['TeamSwissResultEnum'];
export type SquadInvitation = Schemas['TeamSwissInvitationOutput'];

/** `/ws/team-swiss/{id}/` messages, generated from the schema; `error` answers a refused frame
 * and is no live event. */
export type LiveEvent = Exclude<Schemas['TeamSwissSocketMessage'], { event: 'error' }>;
