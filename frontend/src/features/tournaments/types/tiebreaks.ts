/** The tie-break codes an event may rank by (FIDE C.07 and the EGF direct comparison). */
export const TIEBREAKS: Record<string, { name: string; meaning: string }> = {
  BH: { name: 'Buchholz', meaning: 'Sum of the opponents’ scores.' },
  'BH/C1': { name: 'Buchholz cut 1', meaning: 'Buchholz without the lowest opponent score.' },
  FB: { name: 'Fore Buchholz', meaning: 'Buchholz as if every last-round game were drawn.' },
  AOB: { name: 'Average of opponents’ Buchholz', meaning: 'Mean Buchholz of the opponents met.' },
  SB: { name: 'Sonneborn-Berger', meaning: 'Opponents’ scores weighted by the result against each.' },
  PS: { name: 'Progressive score', meaning: 'Sum of the running score after each round.' },
  DE: { name: 'Direct encounter', meaning: 'Results among the tied players themselves.' },
  DC: { name: 'Direct comparison', meaning: 'EGF: head-to-head comparison within the tied group.' },
  WIN: { name: 'Wins', meaning: 'Games won, forfeits and byes counted as wins included.' },
  WON: { name: 'Games won', meaning: 'Games won over the board.' },
  BPG: { name: 'Black games', meaning: 'Games played with Black.' },
  BWG: { name: 'Black wins', meaning: 'Games won with Black.' },
  REP: { name: 'Rounds elected to play', meaning: 'Rounds played rather than taken as a bye.' },
  STD: { name: 'Standard points', meaning: 'Points with 1 for a win, ½ for a draw, counted in halves.' },
  KS: { name: 'Koya', meaning: 'Points against opponents who scored at least half.' },
  ARO: { name: 'Average rating of opponents', meaning: 'Mean rating of the opponents met.' },
  TPR: { name: 'Performance rating', meaning: 'FIDE tournament performance rating.' },
  PTP: { name: 'Perfect tournament performance', meaning: 'Rating at which the score is expected.' },
  APRO: { name: 'Average opponents’ performance', meaning: 'Mean performance rating of the opponents.' },
  APPO: { name: 'Average opponents’ perfect performance', meaning: 'Mean perfect performance of the opponents.' },
  TPN: { name: 'Pairing number', meaning: 'Starting rank: lower ranks higher.' },
};

export const DEFAULT_TIEBREAK_ORDER = ['BH', 'SB', 'PS', 'DE'];

export const tiebreakInfo = (code: string) => TIEBREAKS[code] ?? { name: code, meaning: 'A tie-break with modifiers.' };
