import { selectOrdinal, t } from '@lingui/core/macro';

import type { Prize } from '@/lib/swiss/prizes';

type PrizeCategoryFields = Pick<Prize, 'category' | 'rating_min' | 'rating_max' | 'born_from' | 'born_before'>;

/** How a category reads in the table: "Overall", "Rating 1600–1799", "Born 2010 or later"… */
export const categoryLabel = (prize: PrizeCategoryFields): string => {
  switch (prize.category) {
    case 'overall':
      return t({ message: 'Overall', comment: 'a prize category: every player' });
    case 'women':
      return t({ message: 'Women', comment: 'a prize category' });
    case 'unrated':
      return t({ message: 'Unrated', comment: 'a prize category: players without a rating' });
    case 'team':
      return t({ message: 'Team', comment: 'a prize category: the best team' });
    case 'rating': {
      const { rating_min: low, rating_max: high } = prize;
      if (low != null && high != null) return t({ message: `Rating ${low}–${high}`, comment: 'a prize category: players rated from {low} to {high}' });
      if (low != null) return t({ message: `Rating ${low} and up`, comment: 'a prize category' });
      const top = high ?? '';
      return t({ message: `Rating up to ${top}`, comment: 'a prize category' });
    }
    case 'age': {
      const { born_from: from, born_before: before } = prize;
      if (from != null && before != null) {
        const last = before - 1;
        return t({ message: `Born ${from}–${last}`, comment: 'a prize category: players born in the years {from} to {last}' });
      }
      if (from != null) return t({ message: `Born ${from} or later`, comment: 'a prize category' });
      const year = before ?? '';
      return t({ message: `Born before ${year}`, comment: 'a prize category' });
    }
  }
};

/** A place as an ordinal: "1st", "2nd", "11th", "21st" (each language its own way). */
export const placeLabel = (place: number): string =>
  t({ message: selectOrdinal(place, { one: '#st', two: '#nd', few: '#rd', other: '#th' }), comment: 'a place in the final ranking' });

/** The prize itself: "100.00", "Cup", or "100.00 + Cup". */
export const prizeLabel = (prize: Pick<Prize, 'amount' | 'label'>): string =>
  [prize.amount, prize.label].filter((part) => part !== null && part !== '').join(' + ');

/** What the winner receives: the money paid (the amount, or a Hort share) and the prize's
 * label, which is not shared ("30.00 + Book voucher"); nothing for a prize nobody won. */
export const receivedLabel = (prize: Pick<Prize, 'winner' | 'received' | 'label'>): string =>
  prize.winner ? prizeLabel({ amount: prize.received, label: prize.label }) : '';
