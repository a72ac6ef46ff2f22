import { http, HttpResponse } from 'msw';

import type { TeamTiebreakCatalogue } from '@/lib/team-swiss/tiebreaks';

type Entry = TeamTiebreakCatalogue['tiebreaks']['mp'][number];

const entry = (code: string, label: string, description: string, offered = true): Entry => ({ code, label, description, offered });

const cut1 = 'The lowest opponent is left out.';

/**
 * A part of the server's team tie-break catalogue (GET /api/team-swiss/tiebreaks/), in its
 * words: the default order, a code to add, one the form does not offer, per primary score.
 */
export const teamTiebreakCatalogue: TeamTiebreakCatalogue = {
  tiebreaks: {
    mp: [
      entry('MPVGP', 'Game points', 'Every game won or drawn counts, not only the match result: a 3½–½ win beats a 2½–1½ one.'),
      entry('BH/C1', 'Buchholz cut 1', `Sum of the opponents’ match points: who met the stronger teams. ${cut1}`),
      entry('BH', 'Buchholz', 'Sum of the opponents’ match points: who met the stronger teams.'),
      entry('ESB/C1', 'Extended Sonneborn-Berger cut 1', `Each opponent’s match points times the game points scored against them (the Olympiad’s Sonneborn-Berger). ${cut1}`),
      entry('EDE', 'Extended direct encounter', 'Direct encounter on the primary score, then on the other, until nothing changes.'),
      entry('GP', 'Game points', 'Games won and drawn, over all matches.', false),
      entry('EMGSB', 'Extended Sonneborn-Berger (EMGSB)', 'Each opponent’s match points times the game points scored against them.', false),
    ],
    gp: [
      entry('MPVGP', 'Match points', 'Matches won and drawn, whatever the margin.'),
      entry('BH/C1', 'Buchholz cut 1', `Sum of the opponents’ game points: who met the stronger teams. ${cut1}`),
      entry('BH', 'Buchholz', 'Sum of the opponents’ game points: who met the stronger teams.'),
      entry('ESB/C1', 'Extended Sonneborn-Berger cut 1', `Each opponent’s game points times the match points scored against them. ${cut1}`),
      entry('EDE', 'Extended direct encounter', 'Direct encounter on the primary score, then on the other, until nothing changes.'),
      entry('GP', 'Game points', 'Games won and drawn, over all matches.', false),
    ],
  },
  modifiers: [
    { code: 'C1', label: 'cut 1', description: cut1 },
    { code: 'C2', label: 'cut 2', description: 'The two lowest opponents are left out.' },
    { code: 'M1', label: 'median', description: 'The highest and the lowest opponent are left out.' },
    { code: 'M2', label: 'median 2', description: 'The two highest and the two lowest opponents are left out.' },
  ],
  default_order: ['MPVGP', 'BH/C1', 'BH', 'ESB/C1'],
};

/** The catalogue served, for the tests of the pages that name tie-breaks (the form, the event page). */
export const teamTiebreakCatalogueHandler = http.get('*/api/team-swiss/tiebreaks/', () => HttpResponse.json(teamTiebreakCatalogue));
