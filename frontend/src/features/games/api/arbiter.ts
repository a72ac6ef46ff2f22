import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

import type { GameState } from '@/features/games/api/game-state';

/** A player's call to the event's arbiters (docs/games.md, "The arbiter"). */
export type ArbiterCall = components['schemas']['ArbiterCall'];
export type GameCalls = components['schemas']['GameCallListApiOutput'];
export type CallReason = ArbiterCall['reason'];

export const CALL_REASONS: { value: CallReason; label: MessageDescriptor }[] = [
  { value: 'disconnection', label: msg`Disconnection` },
  { value: 'misclick', label: msg`Misclick` },
  { value: 'illegal_move', label: msg`Illegal-move claim` },
  { value: 'fair_play', label: msg`Fair-play suspicion` },
  { value: 'other', label: msg({ message: 'Other', comment: 'a reason to call the arbiter' }) },
];

const path = (game_id: number) => ({ params: { path: { game_id } } });

/** The viewer's calls in the game (all of them for an arbiter, with `arbiter` true). */
export const getGameCalls = (gameId: number): Promise<GameCalls> => unwrap(api.GET('/api/games/{game_id}/calls/', path(gameId)));

export const postCall = (gameId: number, reason: CallReason, text: string): Promise<ArbiterCall> =>
  unwrap(api.POST('/api/games/{game_id}/call/', { ...path(gameId), body: { reason, text } }));

export const closeCall = (callId: number): Promise<ArbiterCall> =>
  unwrap(api.POST('/api/games/calls/{call_id}/close/', { params: { path: { call_id: callId } } }));

export type ArbiterAction =
  | { kind: 'pause' }
  | { kind: 'resume' }
  | { kind: 'takeback' }
  | { kind: 'time'; colour: 'white' | 'black'; seconds: number }
  | { kind: 'result'; result: '1-0' | '0-1' | '1/2-1/2'; reason: string };

/** An arbiter's action on the game; the new state comes back (and over the socket). */
export const postArbiterAction = (gameId: number, action: ArbiterAction): Promise<GameState> => {
  switch (action.kind) {
    case 'pause':
      return unwrap(api.POST('/api/games/{game_id}/pause/', path(gameId)));
    case 'resume':
      return unwrap(api.POST('/api/games/{game_id}/resume/', path(gameId)));
    case 'takeback':
      return unwrap(api.POST('/api/games/{game_id}/takeback/', path(gameId)));
    case 'time':
      return unwrap(api.POST('/api/games/{game_id}/time/', { ...path(gameId), body: { colour: action.colour, seconds: action.seconds } }));
    case 'result':
      return unwrap(api.POST('/api/games/{game_id}/result/', { ...path(gameId), body: { result: action.result, reason: action.reason } }));
  }
};
