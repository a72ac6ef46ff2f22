import { useLingui } from '@lingui/react/macro';

const GAIN_CLASS = 'text-emerald-700 dark:text-emerald-400';
const LOSS_CLASS = 'text-red-700 dark:text-red-400';
const EVEN_CLASS = 'text-slate-500 dark:text-slate-400';

/** What a rated game did to a rating: "+12" in green, "−8" in red, "±0"; nothing when unrated.
 * Digits stay Latin in every language (as ratings are written everywhere on the page). */
export const RatingDiff = ({ diff }: { diff: number | null | undefined }) => {
  const { t } = useLingui();
  if (diff === null || diff === undefined) return null;
  const [text, colourClass] = diff > 0 ? [`+${diff}`, GAIN_CLASS] : diff < 0 ? [`−${-diff}`, LOSS_CLASS] : ['±0', EVEN_CLASS];
  return (
    <span className={`text-xs font-medium tabular-nums ${colourClass}`} title={t`Rating change`}>
      {text}
    </span>
  );
};
