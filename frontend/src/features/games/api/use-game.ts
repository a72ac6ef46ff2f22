import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { getGame, type GameState } from '@/features/games/api/game-state';
import { connectGame } from '@/lib/ws-client';

export const gameKey = (id: number) => ['games', id] as const;

/** The game from REST, kept current by `/ws/games/{id}/` (its full state on connect and
 * after every change); `offset` = local clock minus the server's, for exact clocks. */
export const useGame = (id: number) => {
  const queryClient = useQueryClient();
  const [offset, setOffset] = useState(0);
  const query = useQuery({ queryKey: gameKey(id), queryFn: () => getGame(id) });
  useEffect(() => {
    const connection = connectGame(id, {
      onMessage: (message) => {
        if (message.event !== 'game_state') return;
        const state = message.payload;
        setOffset(Date.now() - state.server_time);
        queryClient.setQueryData<GameState>(gameKey(id), (old) => (old && old.ply > state.ply ? old : state));
      },
    });
    return () => connection.close();
  }, [id, queryClient]);
  return { ...query, offset };
};
