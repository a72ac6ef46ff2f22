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

/** The event an arbiter's tool is for: an individual Swiss event, or a team Swiss event (the
 * host team's leaders arbitrate both, with the same calls' queue and audit log). */
export type ArbitratedEvent = { kind: 'swiss' | 'team-swiss'; id: number };

/** What the player's panel needs of their entry: a standings row, or a join's answer (no rank yet). */
export type MyEntry = Pick<Standing, 'username' | 'status'> & Partial<Pick<Standing, 'rank_label' | 'points' | 'checked_in' | 'pause_reason'>>;
