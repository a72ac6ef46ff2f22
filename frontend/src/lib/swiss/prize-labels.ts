import type { Prize } from '@/lib/swiss/prizes';

type PrizeCategoryFields = Pick<Prize, 'category' | 'rating_min' | 'rating_max' | 'born_from' | 'born_before'>;

/** How a category reads in the table: "Overall", "Rating 1600–1799", "Born 2010 or later"… */
export const categoryLabel = (prize: PrizeCategoryFields): string => {
  switch (prize.category) {
    case 'overall':
      return 'Overall';
    case 'women':
      return 'Women';
    case 'unrated':
      return 'Unrated';
    case 'team':
      return 'Team';
    case 'rating': {
      const { rating_min: low, rating_max: high } = prize;
      if (low != null && high != null) return `Rating ${low}–${high}`;
      return low != null ? `Rating ${low} and up` : `Rating up to ${high ?? ''}`;
    }
    case 'age': {
      const { born_from: from, born_before: before } = prize;
      if (from != null && before != null) return `Born ${from}–${before - 1}`;
      return from != null ? `Born ${from} or later` : `Born before ${before ?? ''}`;
    }
  }
};

const ORDINALS = ['th', 'st', 'nd', 'rd'];

export const placeLabel = (place: number): string => {
  const tens = place % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (ORDINALS[place % 10] ?? 'th');
  return `${place}${suffix}`;
};

/** The prize itself: "100.00", "Cup", or "100.00 + Cup". */
export const prizeLabel = (prize: Pick<Prize, 'amount' | 'label'>): string =>
  [prize.amount, prize.label].filter((part) => part !== null && part !== '').join(' + ');

/** What the winner receives: the money paid (the amount, or a Hort share) and the prize's
 * label, which is not shared ("30.00 + Book voucher"); nothing for a prize nobody won. */
export const receivedLabel = (prize: Pick<Prize, 'winner' | 'received' | 'label'>): string =>
  prize.winner ? prizeLabel({ amount: prize.received, label: prize.label }) : '';
