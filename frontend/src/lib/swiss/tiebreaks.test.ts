import { tiebreakChoices, tiebreakInfo, type TiebreakCatalogue } from '@/lib/swiss/tiebreaks';

const catalogue: TiebreakCatalogue = {
  tiebreaks: [
    { code: 'BH', label: 'Buchholz', description: 'Sum of the opponents’ scores.', offered: true },
    { code: 'BH/C1', label: 'Buchholz cut 1', description: 'Buchholz without the lowest opponent score.', offered: true },
    { code: 'PTS', label: 'Points', description: 'The score the players are ranked by.', offered: false },
  ],
  default_order: ['BH'],
};

describe('the tie-break catalogue', () => {
  it('offers the codes the server offers, in its order', () => {
    expect(tiebreakChoices(catalogue)).toEqual(['BH', 'BH/C1']);
  });

  it('names a listed code, offered or not, and any other code by itself', () => {
    expect(tiebreakInfo(catalogue, 'BH/C1')).toEqual({ name: 'Buchholz cut 1', meaning: 'Buchholz without the lowest opponent score.' });
    expect(tiebreakInfo(catalogue, 'PTS').name).toBe('Points');
    expect(tiebreakInfo(catalogue, 'SB/C2')).toEqual({ name: 'SB/C2', meaning: 'A tie-break with modifiers.' });
  });
});
