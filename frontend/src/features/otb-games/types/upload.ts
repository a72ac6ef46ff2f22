import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

import type { components } from '@/lib/api-types';

type Schemas = components['schemas'];

export type RoundUpload = Schemas['OtbRoundUpload'];
export type UploadedGame = Schemas['OtbUploadedGame'];
export type UploadStatus = Schemas['OtbUploadedGameStatusEnum'];

/** The upload report's words for each outcome of a game of the file. */
export const UPLOAD_STATUS_LABELS: Record<UploadStatus, MessageDescriptor> = {
  saved: msg({ message: 'Saved', comment: 'a game of an uploaded PGN file went to its board' }),
  disputed: msg`Saved; board disputed`,
  no_board: msg`No board`,
  name_mismatch: msg`Name does not match`,
  different_boards: msg`Players on different boards`,
  colours_swapped: msg`Colours swapped`,
  other_round: msg`Another round`,
  duplicate: msg`Second game for a board`,
  empty: msg`Empty game`,
  illegal_move: msg`Illegal move`,
  unreadable: msg`Unreadable`,
};

export const uploadSaved = (status: UploadStatus): boolean => status === 'saved' || status === 'disputed';
