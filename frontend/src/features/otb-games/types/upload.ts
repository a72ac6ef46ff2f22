import type { components } from '@/lib/api-types';

type Schemas = components['schemas'];

export type RoundUpload = Schemas['OtbRoundUpload'];
export type UploadedGame = Schemas['OtbUploadedGame'];
export type UploadStatus = Schemas['OtbUploadedGameStatusEnum'];

/** The upload report's words for each outcome of a game of the file. */
export const UPLOAD_STATUS_LABELS: Record<UploadStatus, string> = {
  saved: 'Saved',
  disputed: 'Saved; board disputed',
  no_board: 'No board',
  name_mismatch: 'Name does not match',
  different_boards: 'Players on different boards',
  colours_swapped: 'Colours swapped',
  other_round: 'Another round',
  duplicate: 'Second game for a board',
  empty: 'Empty game',
  illegal_move: 'Illegal move',
  unreadable: 'Unreadable',
};

export const uploadSaved = (status: UploadStatus): boolean => status === 'saved' || status === 'disputed';
