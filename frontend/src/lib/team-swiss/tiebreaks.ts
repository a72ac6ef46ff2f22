import { t } from '@lingui/core/macro';

import type { CodeInfo } from '@/components/ui/sortable-codes';
import type { components } from '@/lib/api-types';
import type { TeamSwissEvent } from '@/lib/team-swiss/types';

/** The team codes an event may rank by, per primary score, as the server lists them
 * (GET /api/team-swiss/tiebreaks/): a code without `:MP`/`:GP` reads the primary score, so
 * its name and meaning depend on it. */
export type TeamTiebreakCatalogue = components['schemas']['TeamSwissTiebreakCatalogueApiOutput'];

type Primary = TeamSwissEvent['primary_score'];

/** The codes the form offers, in its list's order; `BH:GP` etc. name the other score. */
export const teamTiebreakChoices = (catalogue: TeamTiebreakCatalogue, primary: Primary): string[] =>
  catalogue.tiebreaks[primary].filter((entry) => entry.offered).map((entry) => entry.code);

/**
 * A team code's name and meaning for an event whose primary score is `primary`: the
 * catalogue's entry, else (a code stored with other cuts than the form offers: `EMGSB/C1`)
 * its entry without the cuts and the cuts' words, else the code itself.
 */
export const teamTiebreakInfo = (catalogue: TeamTiebreakCatalogue, primary: Primary, code: string): CodeInfo => {
  const entries = catalogue.tiebreaks[primary];
  const [head = '', ...cuts] = code.toUpperCase().split('/');
  const exact = entries.find((entry) => entry.code === code.toUpperCase());
  if (exact) return { name: exact.label, meaning: exact.description };
  const base = entries.find((entry) => entry.code === head);
  if (!base) return { name: code, meaning: t`A C.07 team tie-break (docs/team-swiss.md lists the codes).` };
  const known = cuts.map((cut) => catalogue.modifiers.find((modifier) => modifier.code === cut)).filter((cut) => cut !== undefined);
  return {
    name: [base.label, ...known.map((cut) => cut.label)].join(' '),
    meaning: [base.description, ...known.map((cut) => cut.description)].join(' '),
  };
};

/** A code's name where the catalogue may still be on its way (the event page does not wait for it): the code meanwhile. */
export const teamTiebreakName = (catalogue: TeamTiebreakCatalogue | undefined, primary: Primary, code: string): string =>
  catalogue ? teamTiebreakInfo(catalogue, primary, code).name : code;
