import { teamTiebreakCatalogue as catalogue } from '@/lib/team-swiss/testing/tiebreak-catalogue';
import { teamTiebreakChoices, teamTiebreakInfo, teamTiebreakName } from '@/lib/team-swiss/tiebreaks';

describe('team tie-breaks from the catalogue', () => {
  it('offers the codes the server offers for the primary score, in its order', () => {
    expect(teamTiebreakChoices(catalogue, 'mp')).toEqual(['MPVGP', 'BH/C1', 'BH', 'ESB/C1', 'EDE']);
  });

  it('names a code for the primary score, whatever its case', () => {
    expect(teamTiebreakInfo(catalogue, 'mp', 'MPVGP').name).toBe('Game points');
    expect(teamTiebreakInfo(catalogue, 'gp', 'mpvgp').name).toBe('Match points');
    expect(teamTiebreakInfo(catalogue, 'gp', 'BH/C1')).toEqual({
      name: 'Buchholz cut 1',
      meaning: 'Sum of the opponents’ game points: who met the stronger teams. The lowest opponent is left out.',
    });
  });

  it('names a code stored with cuts the form does not offer from the code and the cuts, and an unknown one by its code', () => {
    expect(teamTiebreakInfo(catalogue, 'mp', 'EMGSB/M2')).toEqual({
      name: 'Extended Sonneborn-Berger (EMGSB) median 2',
      meaning: 'Each opponent’s match points times the game points scored against them. The two highest and the two lowest opponents are left out.',
    });
    expect(teamTiebreakInfo(catalogue, 'mp', 'BH/L40').name).toBe('Buchholz');
    expect(teamTiebreakInfo(catalogue, 'mp', 'XYZ')).toEqual({ name: 'XYZ', meaning: 'A C.07 team tie-break (docs/team-swiss.md lists the codes).' });
  });

  it('names a code by itself while the catalogue is on its way', () => {
    expect(teamTiebreakName(undefined, 'mp', 'BH/C1')).toBe('BH/C1');
    expect(teamTiebreakName(catalogue, 'mp', 'BH/C1')).toBe('Buchholz cut 1');
  });
});
