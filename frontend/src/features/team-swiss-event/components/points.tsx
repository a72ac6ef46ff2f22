import { useLingui } from '@lingui/react/macro';

import { localeDirection, type Locale } from '@/lib/i18n/locales';
import { formatPoints, matchScore } from '@/lib/team-swiss/display';
import type { Match } from '@/lib/team-swiss/types';

/** Points as written ("2½"), kept left to right: in a right-to-left page the "½" would
 * otherwise be laid out before the whole number. */
export const Points = ({ value }: { value: string | number | null | undefined }) => <span dir="ltr">{formatPoints(value)}</span>;

/** A complete match's score ("2½ – 1½"), the white team's first as the columns read: in a
 * right-to-left page the white team's column is on the right, so is its score. */
export const MatchScore = ({ match }: { match: Match }) => {
  const { i18n } = useLingui();
  const score = matchScore(match);
  if (score === null) return '–';
  if (match.black === null) return null;
  const rtl = localeDirection((i18n.locale || 'en') as Locale) === 'rtl';
  return <span dir="ltr">{rtl ? `${formatPoints(match.black_game_points)} – ${formatPoints(match.white_game_points)}` : score}</span>;
};
