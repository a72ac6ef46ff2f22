/** What a rated game did to a rating: "+12" in green, "−8" in red, "±0"; nothing when unrated. */
export const RatingDiff = ({ diff }: { diff: number | null | undefined }) => {
  if (diff === null || diff === undefined) return null;
  const [text, colour] =
    diff > 0
      ? [`+${diff}`, 'text-emerald-700 dark:text-emerald-400']
      : diff < 0
        ? [`−${-diff}`, 'text-red-700 dark:text-red-400']
        : ['±0', 'text-slate-500 dark:text-slate-400'];
  return (
    <span className={`text-xs font-medium tabular-nums ${colour}`} title="Rating change">
      {text}
    </span>
  );
};
