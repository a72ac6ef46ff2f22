import { describe, expect, it } from 'vitest';

import { categoryLabel, placeLabel, prizeLabel, receivedLabel } from '@/lib/swiss/prize-labels';

const none = { rating_min: null, rating_max: null, born_from: null, born_before: null };

describe('prize labels', () => {
  it('names each category with its condition', () => {
    expect(categoryLabel({ ...none, category: 'overall' })).toBe('Overall');
    expect(categoryLabel({ ...none, category: 'rating', rating_min: 1600, rating_max: 1799 })).toBe('Rating 1600–1799');
    expect(categoryLabel({ ...none, category: 'rating', rating_max: 1399 })).toBe('Rating up to 1399');
    expect(categoryLabel({ ...none, category: 'age', born_from: 2010 })).toBe('Born 2010 or later');
    expect(categoryLabel({ ...none, category: 'age', born_from: 1990, born_before: 2000 })).toBe('Born 1990–1999');
  });

  it('writes places and prizes', () => {
    expect([1, 2, 3, 4, 11, 12, 21, 112].map(placeLabel)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '21st', '112th']);
    expect(prizeLabel({ amount: '100.00', label: 'Cup' })).toBe('100.00 + Cup');
    expect(prizeLabel({ amount: null, label: 'Book' })).toBe('Book');
  });

  it('a winner receives the money and the label, which is never shared', () => {
    expect(receivedLabel({ winner: 'anna', received: '30.00', label: 'Book voucher' })).toBe('30.00 + Book voucher');
    expect(receivedLabel({ winner: 'anna', received: '21.67', label: '' })).toBe('21.67');
    expect(receivedLabel({ winner: 'anna', received: null, label: 'Cup' })).toBe('Cup');
    expect(receivedLabel({ winner: null, received: null, label: 'Cup' })).toBe('');
  });
});
