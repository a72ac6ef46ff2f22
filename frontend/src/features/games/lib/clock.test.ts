import { describe, expect, it } from 'vitest';

import type { GameState } from '@/features/games/api/game-state';
import { clocksAt, formatClock } from '@/features/games/lib/clock';

const game = (over: Partial<GameState>): GameState =>
  ({ wtime: 60_000, btime: 50_000, clock_running: true, turn: 'white', server_time: 1_000_000, ...over }) as GameState;

describe('clocksAt', () => {
  it('runs only the side to move, from the server time', () => {
    expect(clocksAt(game({}), 1_002_500)).toEqual({ white: 57_500, black: 50_000 });
    expect(clocksAt(game({ turn: 'black' }), 1_001_000)).toEqual({ white: 60_000, black: 49_000 });
  });
  it('corrects for the local clock being ahead of the server', () => {
    expect(clocksAt(game({}), 1_012_500, 10_000)).toEqual({ white: 57_500, black: 50_000 });
  });
  it('stops at zero and before the clocks start', () => {
    expect(clocksAt(game({}), 2_000_000).white).toBe(0);
    expect(clocksAt(game({ clock_running: false }), 2_000_000).white).toBe(60_000);
  });
});

describe('formatClock', () => {
  it('shows minutes and seconds, tenths under ten seconds', () => {
    expect(formatClock(180_000)).toBe('3:00');
    expect(formatClock(65_400)).toBe('1:05');
    expect(formatClock(9_420)).toBe('0:09.5');
  });
});
