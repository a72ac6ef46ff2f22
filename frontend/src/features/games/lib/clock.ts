import type { GameState } from '@/features/games/api/game-state';

/** Each side's time left at `now` (ms since epoch): the server's figures at `server_time`,
 * minus what the running clock used since. `offset` = local clock minus server clock. */
export const clocksAt = (game: GameState, now: number, offset = 0): { white: number; black: number } => {
  const spent = game.clock_running ? Math.max(0, now - offset - game.server_time) : 0;
  return {
    white: Math.max(0, game.wtime - (game.turn === 'white' ? spent : 0)),
    black: Math.max(0, game.btime - (game.turn === 'black' ? spent : 0)),
  };
};

export const formatClock = (ms: number): string => {
  const total = Math.ceil(ms / 100) / 10;
  const minutes = Math.floor(total / 60);
  const seconds = total - minutes * 60;
  const shown = total < 10 ? seconds.toFixed(1).padStart(4, '0') : String(Math.floor(seconds)).padStart(2, '0');
  return `${minutes}:${shown}`;
};
