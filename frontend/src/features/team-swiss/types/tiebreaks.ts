import type { CodeInfo } from '@/components/ui/sortable-codes';
import type { TeamSwissEvent } from '@/features/team-swiss/types/team-swiss';

type Primary = TeamSwissEvent['primary_score'];

/**
 * The server's default order (arbiter/teamswiss/models.py DEFAULT_TIEBREAKS, checked equal by
 * tests/teamswiss/apis/test_default_tiebreaks.py): the other score, Buchholz cut 1, Buchholz,
 * the Olympiad's Sonneborn-Berger. docs/team-swiss.md, "Default tie-breaks", says why.
 */
export const DEFAULT_TEAM_TIEBREAKS = ['MPVGP', 'BH/C1', 'BH', 'ESB/C1'];

const SCORE = { mp: 'match points', gp: 'game points' } as const;
const other = (primary: Primary): Primary => (primary === 'mp' ? 'gp' : 'mp');
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The team codes the form offers, in the order its list shows them; `BH:GP` etc. name the other score. */
export const teamTiebreakChoices = (primary: Primary): string[] => {
  const second = other(primary).toUpperCase();
  return ['MPVGP', 'BH/C1', 'BH', 'BH/M1', `BH:${second}`, 'FB', 'SB', `SB:${second}`, 'ESB', 'ESB/C1', 'PS', 'KS', 'WIN', 'DE', 'EDE', 'TBR', 'BBE', 'BC', 'TPN'];
};

/**
 * A team code's name and meaning for an event whose primary score is `primary` (C.07 as
 * docs/team-swiss.md lists them). A code without `:MP`/`:GP` reads the primary score.
 */
export const teamTiebreakInfo = (code: string, primary: Primary): CodeInfo => {
  const [head = '', ...modifiers] = code.toUpperCase().split('/');
  const [name = '', named] = head.split(':');
  const score: Primary = named === 'MP' ? 'mp' : named === 'GP' ? 'gp' : primary;
  const own = SCORE[score];
  const theirs = SCORE[other(score)];
  const ofScore = named ? ` of ${own}` : '';
  const base = baseInfo(name, score, primary, own, theirs, ofScore);
  if (!base) return { name: code, meaning: 'A C.07 team tie-break (docs/team-swiss.md lists the codes).' };
  const cuts = modifiers.map((modifier) => MODIFIERS[modifier]).filter((cut) => cut !== undefined);
  if (cuts.length === 0) return base;
  return {
    name: [base.name, ...cuts.map((cut) => cut.label)].join(' '),
    meaning: [base.meaning, ...cuts.map((cut) => cut.meaning)].join(' '),
  };
};

/** The cuts of C.07 (the least significant values dropped; the median drops the most too). */
const MODIFIERS: Record<string, { label: string; meaning: string }> = {
  C1: { label: 'cut 1', meaning: 'The lowest opponent is left out.' },
  C2: { label: 'cut 2', meaning: 'The two lowest opponents are left out.' },
  M1: { label: 'median', meaning: 'The highest and the lowest opponent are left out.' },
  M2: { label: 'median 2', meaning: 'The two highest and the two lowest opponents are left out.' },
};

const baseInfo = (name: string, score: Primary, primary: Primary, own: string, theirs: string, ofScore: string): CodeInfo | null => {
  switch (name) {
    case 'MP':
      return { name: 'Match points', meaning: 'Matches won and drawn.' };
    case 'GP':
      return { name: 'Game points', meaning: 'Games won and drawn, over all matches.' };
    case 'PTS':
      return { name: capital(SCORE[primary]), meaning: 'The score the teams are ranked by.' };
    case 'MPVGP':
      return primary === 'mp'
        ? { name: 'Game points', meaning: 'Every game won or drawn counts, not only the match result: a 3½–½ win beats a 2½–1½ one.' }
        : { name: 'Match points', meaning: 'Matches won and drawn, whatever the margin.' };
    case 'BH':
      return { name: `Buchholz${ofScore}`, meaning: `Sum of the opponents’ ${own}: who met the stronger teams.` };
    case 'FB':
      return { name: `Fore Buchholz${ofScore}`, meaning: 'Buchholz as if every last-round match had been drawn.' };
    case 'SB':
      return { name: `Sonneborn-Berger${ofScore}`, meaning: `Each opponent’s ${own}, weighted by the ${own} scored against them.` };
    case 'ESB':
      return {
        name: 'Extended Sonneborn-Berger',
        meaning: `Each opponent’s ${own} times the ${theirs} scored against them${score === 'mp' ? ' (the Olympiad’s Sonneborn-Berger)' : ''}.`,
      };
    case 'PS':
      return { name: `Progressive score${ofScore}`, meaning: `Sum of the running ${own} after each round: early wins count more.` };
    case 'KS':
      return { name: `Koya${ofScore}`, meaning: `${capital(own)} scored against teams with at least half the possible score.` };
    case 'WIN':
      return { name: 'Matches won', meaning: 'Matches won, a bye or forfeit worth a win included.' };
    case 'DE':
      return { name: 'Direct encounter', meaning: `The ${own} of the matches among the tied teams themselves.` };
    case 'EDE':
      return { name: 'Extended direct encounter', meaning: 'Direct encounter on the primary score, then on the other, until nothing changes.' };
    case 'TBR':
      return { name: 'Top board result', meaning: 'Game points on board 1, then on board 2, …' };
    case 'BBE':
      return { name: 'Bottom board elimination', meaning: 'Game points without the last board, then without the last two, …' };
    case 'BC':
      return { name: 'Board count', meaning: 'Board number × points on it, summed; lower ranks higher (points on the top boards).' };
    case 'TPN':
      return { name: 'Pairing number', meaning: 'Starting rank: lower ranks higher.' };
    case 'SSSC':
      return { name: 'Score strength combination', meaning: 'The other score plus a share of the Buchholz.' };
    case 'EMMSB':
    case 'EMGSB':
    case 'EGMSB':
    case 'EGGSB': {
      const theirScore = name[1] === 'M' ? 'match points' : 'game points';
      const ownScore = name[2] === 'M' ? 'match points' : 'game points';
      return { name: `Extended Sonneborn-Berger (${name})`, meaning: `Each opponent’s ${theirScore} times the ${ownScore} scored against them.` };
    }
    case 'EDEC':
    case 'EDET':
    case 'EDEB':
    case 'EDEBT':
    case 'EDEBB':
      return { name: `Extended direct encounter (${name})`, meaning: 'Direct encounter, then the two teams’ match board by board.' };
    default:
      return null;
  }
};
