import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';

import type { components } from '@/lib/api-types';

type Schemas = components['schemas'];

export type Profile = Schemas['ProfileOutput'];
export type SpeedRating = Schemas['SpeedRatingOutput'];
export type RatingHistoryItem = Schemas['RatingHistoryOutput'];
export type Speed = Schemas['SpeedEnum'];

export const SPEEDS: Speed[] = ['bullet', 'blitz', 'rapid', 'classical'];

const SPEED_NAMES: Record<Speed, MessageDescriptor> = {
  bullet: msg({ message: 'Bullet', comment: 'A game speed, as a heading.' }),
  blitz: msg({ message: 'Blitz', comment: 'A game speed, as a heading.' }),
  rapid: msg({ message: 'Rapid', comment: 'A game speed, as a heading.' }),
  classical: msg({ message: 'Classical', comment: 'A game speed, as a heading.' }),
};

const SPEED_WORDS: Record<Speed, MessageDescriptor> = {
  bullet: msg({ message: 'bullet', comment: 'A game speed, within a sentence or a list ("No rated bullet game yet.").' }),
  blitz: msg({ message: 'blitz', comment: 'A game speed, within a sentence or a list ("No rated blitz game yet.").' }),
  rapid: msg({ message: 'rapid', comment: 'A game speed, within a sentence or a list ("No rated rapid game yet.").' }),
  classical: msg({ message: 'classical', comment: 'A game speed, within a sentence or a list ("No rated classical game yet.").' }),
};

const isSpeed = (speed: string): speed is Speed => (SPEEDS as string[]).includes(speed);

/** The speed's name, as a heading or a tab says it ("Blitz"). */
export const speedLabel = (speed: Speed) => t(SPEED_NAMES[speed]);

/** The speed's name within a sentence ("blitz"); an unknown speed as the API wrote it. */
export const speedWord = (speed: string) => (isSpeed(speed) ? t(SPEED_WORDS[speed]) : speed);

/** lila's way: a provisional rating carries a "?". */
export const ratingLabel = (rating: Pick<SpeedRating, 'rating' | 'provisional'>) =>
  `${rating.rating}${rating.provisional ? '?' : ''}`;
