import { byeLabel, ENTRY_STATUS_LABELS, sheetCellLabel } from '@/features/tournaments/types/display';

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
    expect(ENTRY_STATUS_LABELS.disqualified).toBe('disqualified');
    expect(ENTRY_STATUS_LABELS.active).toBeUndefined();
  });
});
