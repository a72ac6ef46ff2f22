import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { getGame, type GameState } from '@/features/games/api/game-state';
import { gamesKeys } from '@/features/games/api/games-keys';
import { arbiterNoticeText } from '@/features/games/lib/arbiter-notice';
import type { components } from '@/lib/api-types';
import { connectGame } from '@/lib/ws-client';

/** Whether `state` comes after `old`: an arbiter's correction first (a takeback lowers the ply),
 * then the ply. */
export const isNewerState = (old: GameState, state: GameState): boolean =>
  state.corrections !== old.corrections ? state.corrections > old.corrections : state.ply >= old.ply;

/** A game state from the socket or from an action's answer. Both carry the whole state and may
 * arrive in either order: the one further on stays. */
export const writeGameState = (queryClient: QueryClient, id: number, state: GameState) =>
  queryClient.setQueryData<GameState>(gamesKeys.game(id), (old) => (old && !isNewerState(old, state) ? old : state));

/** The game from REST, kept current by `/ws/games/{id}/` (its full state on connect and
 * after every change); `offset` = local clock minus the server's, for exact clocks. */
export const useGame = (id: number) => {
  const queryClient = useQueryClient();
  const [offset, setOffset] = useState(0);
  // What the arbiter last did, told to every watcher (`arbiter_action`); the state follows.
  const [arbiterNotice, setArbiterNotice] = useState<components['schemas']['ArbiterActionPayload'] | null>(null);
  const query = useQuery({ queryKey: gamesKeys.game(id), queryFn: () => getGame(id) });
  useEffect(() => {
    const connection = connectGame(id, {
      onMessage: (message) => {
        if (message.event === 'arbiter_action') {
          setArbiterNotice(message.payload);
          return;
        }
        if (message.event !== 'game_state') return;
        const state = message.payload;
        setOffset(Date.now() - state.server_time);
        writeGameState(queryClient, id, state);
      },
    });
    return () => connection.close();
  }, [id, queryClient]);
  return { ...query, offset, arbiterNotice: arbiterNotice && arbiterNoticeText(arbiterNotice) };
};
