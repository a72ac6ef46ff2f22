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

/** `/ws/tournaments/swiss/{id}/` messages (docs/live.md); payloads reuse the REST shapes. */
export type LiveEvent =
  | {
      event: 'hello';
      payload: { tournament: number; status: string; current_round: number; standings_version: number };
    }
  | { event: 'round_start'; payload: RoundDetail & { round: number } }
  | { event: 'game_result'; payload: { version: number; results: (Pairing & { round: number })[] } }
  | { event: 'standings_update'; payload: { version: number; tiebreaks_after_round?: number; standings: Standing[] } }
  | { event: 'tournament_end'; payload: { tournament: Tournament; standings: Standing[] } };

export type LiveEventName = LiveEvent['event'];
