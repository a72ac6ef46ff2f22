import { byeLabel, entryStatusLabel, sheetCellLabel } from '@/lib/swiss/display';

describe('fair-play labels', () => {
  it('a late joiner’s rounds before the entry read "not yet joined", never "absent"', () => {
    const cell = { round: 1, opponent: null, colour: null, code: 'H', not_yet_joined: true };
    expect(sheetCellLabel(cell)).toBe('not yet joined (½)');
    expect(sheetCellLabel({ ...cell, round: 2, code: 'Z' })).toBe('not yet joined');
    expect(sheetCellLabel({ ...cell, code: 'Z', not_yet_joined: false })).toBe('0 (absent)');
    expect(byeLabel('Z', true)).toBe('not yet joined');
    expect(byeLabel('Z')).toBe('absent');
  });

  it('names a disqualified player as such', () => {
    expect(entryStatusLabel({ status: 'disqualified', pause_reason: '' })).toBe('disqualified');
    expect(entryStatusLabel({ status: 'active', pause_reason: '' })).toBeNull();
  });

  it('says why a paused player sits out', () => {
    expect(entryStatusLabel({ status: 'paused', pause_reason: 'no_check_in' })).toBe('not checked in');
    expect(entryStatusLabel({ status: 'paused', pause_reason: 'no_show' })).toBe('no-show');
    expect(entryStatusLabel({ status: 'paused', pause_reason: 'withdrew' })).toBe('withdrawn');
    expect(entryStatusLabel({ status: 'paused', pause_reason: 'arbiter' })).toBe('withdrawn');
    // Paused before the reason was recorded: what it always said.
    expect(entryStatusLabel({ status: 'paused', pause_reason: '' })).toBe('withdrawn');
  });
});
