import { roundTimesProblem } from '@/features/swiss-form/types/event-form-schema';

describe('roundTimesProblem', () => {
  it('names the round that starts too early, and the round before it with its time', () => {
    const times = ['2031-03-04T19:00', '2031-03-11T19:00', '2031-03-11T18:00'];
    expect(roundTimesProblem(times, 5)).toMatch(/^Round 3 must start after round 2 \(.*2031.*\)\.$/);
    expect(roundTimesProblem(['2031-03-04T19:00', '2031-03-04T19:00'], 5)).toMatch(/^Round 2 must start after round 1 /);
  });

  it('refuses a blank before a listed time (it would become that round’s), not trailing blanks', () => {
    expect(roundTimesProblem(['2031-03-04T19:00', '', '2031-03-18T19:00'], 5)).toBe(
      'Round 2 has no time: give it one, or remove the times after it.',
    );
    expect(roundTimesProblem(['2031-03-04T19:00', '', ''], 5)).toBeNull();
    expect(roundTimesProblem([], 5)).toBeNull();
  });

  it('at most one time per round, and only valid times', () => {
    expect(roundTimesProblem(['2031-03-04T19:00', '2031-03-05T19:00'], 1)).toBe('At most one time per round: this event has 1 round.');
    expect(roundTimesProblem(['2031-03-04T19:00', 'soon'], 5)).toBe("Round 2's time is not a valid date and time.");
  });
});
