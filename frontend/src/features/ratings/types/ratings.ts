import type { components } from '@/lib/api-types';

type Schemas = components['schemas'];

export type Profile = Schemas['ProfileOutput'];
export type SpeedRating = Schemas['SpeedRatingOutput'];
export type RatingHistoryItem = Schemas['RatingHistoryOutput'];
export type Speed = Schemas['SpeedEnum'];

export const SPEEDS: Speed[] = ['bullet', 'blitz', 'rapid', 'classical'];

export const speedLabel = (speed: Speed) => speed.charAt(0).toUpperCase() + speed.slice(1);

/** lila's way: a provisional rating carries a "?". */
export const ratingLabel = (rating: Pick<SpeedRating, 'rating' | 'provisional'>) =>
  `${rating.rating}${rating.provisional ? '?' : ''}`;
