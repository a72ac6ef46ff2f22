import { act, screen } from '@testing-library/react';

import { RoundCountdown } from '@/features/swiss-event/components/round-countdown';
import { formatDuration } from '@/hooks/use-countdown';
import { buildTournament } from '@/testing/data';
import { renderWithProviders } from '@/testing/render-with-providers';

const NOW = new Date('2026-11-23T18:00:00Z').getTime();
const inSeconds = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();

describe('RoundCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('counts down to the next round every second', () => {
    renderWithProviders(<RoundCountdown tournament={buildTournament({ status: 'running', current_round: 1, next_round_at: inSeconds(83) })} />);
    expect(screen.getByRole('timer', { name: 'Round 2 starts in 1:23' })).toHaveTextContent('Round 2 starts in 1:23');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer')).toHaveAccessibleName('Round 2 starts in 1:22');
    act(() => vi.advanceTimersByTime(82_000));
    expect(screen.getByRole('timer')).toHaveAccessibleName('Round 2 is starting…');
  });

  it('counts down to the start of a scheduled event', () => {
    renderWithProviders(
      <RoundCountdown
        tournament={buildTournament({ status: 'scheduled', current_round: 0, next_round_at: null, start_time: inSeconds(2 * 3600 + 5) })}
      />,
    );
    expect(screen.getByRole('timer')).toHaveAccessibleName('Round 1 starts in 2:00:05');
  });

  it('says the round is being played when no round is due', () => {
    renderWithProviders(<RoundCountdown tournament={buildTournament({ status: 'running', current_round: 3, next_round_at: null })} />);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByText(/Round 3 of 5 in progress/)).toBeInTheDocument();
  });

  it('waits for the arbiter in manual mode and stops when the event is over', () => {
    const { rerender } = renderWithProviders(
      <RoundCountdown tournament={buildTournament({ status: 'scheduled', current_round: 0, next_round_at: null, start_time: inSeconds(-10) })} />,
    );
    expect(screen.getByRole('timer')).toHaveAccessibleName('Round 1 is starting…');
    rerender(<RoundCountdown tournament={buildTournament({ status: 'finished', current_round: 5, next_round_at: null })} />);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByText('The event is over.')).toBeInTheDocument();
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [999, '0:01'],
    [83_000, '1:23'],
    [3_600_000, '1:00:00'],
    [90_061_000, '1d 1:01:01'],
  ])('%i ms reads %s', (ms, text) => expect(formatDuration(ms)).toBe(text));
});
