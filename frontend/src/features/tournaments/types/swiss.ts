import type { components } from '@/lib/api-types';

type Schemas = components['schemas'];

export type Tournament = Schemas['TournamentOutput'];
export type Standing = Schemas['StandingOutput'];
export type SheetCell = Schemas['SheetCell'];
export type Pairing = Schemas['PairingOutput'];
export type Round = Schemas['RoundOutput'];
export type RoundDetail = Schemas['RoundDetailOutput'];
export type Participant = Schemas['ParticipantOutput'];
export type GameResult = Schemas['ResultEnum'];

/** `/ws/tournaments/swiss/{id}/` messages (docs/live.md), generated from the schema; `error`
 * answers a refused frame and is no live event. */
export type LiveEvent = Exclude<Schemas['SwissSocketMessage'], { event: 'error' }>;

export type LiveEventName = LiveEvent['event'];
