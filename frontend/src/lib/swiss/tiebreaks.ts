import { t } from '@lingui/core/macro';

import type { CodeInfo } from '@/components/ui/sortable-codes';
import type { components } from '@/lib/api-types';

/** The tie-break codes an event may rank by, as the server lists them (GET /api/tournaments/swiss/tiebreaks/). */
export type TiebreakCatalogue = components['schemas']['TiebreakCatalogueApiOutput'];

/** The codes the event form offers, in the server's order. */
export const tiebreakChoices = (catalogue: TiebreakCatalogue): string[] =>
  catalogue.tiebreaks.filter((entry) => entry.offered).map((entry) => entry.code);

/** A code's name and meaning; a code the catalogue does not list (one with other modifiers) by its code. */
export const tiebreakInfo = (catalogue: TiebreakCatalogue, code: string): CodeInfo => {
  const entry = catalogue.tiebreaks.find((tiebreak) => tiebreak.code === code);
  return entry ? { name: entry.label, meaning: entry.description } : { name: code, meaning: t`A tie-break with modifiers.` };
};
