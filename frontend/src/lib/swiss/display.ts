import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';

import { dateTimeText, durationText } from '@/lib/i18n/format';
import type { GameResult, SheetCell, Tournament } from '@/lib/swiss/types';

const RESULT_LABELS: Record<string, string> = {
  '1-0': '1-0',
  '0-1': '0-1',
  '1/2-1/2': '½-½',
  '+-': '+/-',
  '-+': '-/+',
  '--': '-/-',
};

/** A board's result as players read it; pending boards show an ellipsis. */
export const resultLabel = (result: GameResult | string): string => RESULT_LABELS[result] ?? '…';

/** A played round's points, as written (no words). */
const CELL_POINTS: Record<string, string> = { '1': '1', '0': '0', '=': '½' };

const CELL_LABELS: Record<string, MessageDescriptor> = {
  '+': msg({ message: '1 (forfeit)', comment: 'a round of a player’s sheet: 1 point, won by forfeit' }),
  '-': msg({ message: '0 (forfeit)', comment: 'a round of a player’s sheet: 0 points, lost by forfeit' }),
  U: msg({ message: '1 (bye)', comment: 'a round of a player’s sheet: a one-point bye' }),
  H: msg({ message: '½ (bye)', comment: 'a round of a player’s sheet: a half-point bye' }),
  Z: msg({ message: '0 (absent)', comment: 'a round of a player’s sheet: absent, no points' }),
  '': msg({ message: 'pending', comment: 'a round of a player’s sheet whose result is not in yet' }),
};

/** A round before a late joiner's entry reads "not yet joined", never "absent" (its TRF code,
 * a half-point bye for the first such round, stays the rule's: the points shown with it). */
export const sheetCellLabel = (cell: SheetCell): string => {
  if (cell.not_yet_joined) return cell.code === 'H' ? t`not yet joined (½)` : t`not yet joined`;
  const label = CELL_LABELS[cell.code];
  return label ? t(label) : (CELL_POINTS[cell.code] ?? cell.code);
};

/** "3+2" as lichess writes clocks: minutes (fractions as ½, ¼, ¾) + increment seconds. */
export const timeControlLabel = (tournament: Pick<Tournament, 'clock_limit_seconds' | 'clock_increment_seconds'>): string => {
  const minutes = tournament.clock_limit_seconds / 60;
  const fractions: Record<number, string> = { 0.25: '¼', 0.5: '½', 0.75: '¾' };
  const base = Number.isInteger(minutes) ? String(minutes) : (fractions[minutes] ?? minutes.toFixed(1));
  return `${base}+${tournament.clock_increment_seconds}`;
};

/** An event's status in words (translate at render: `t(STATUS_LABELS[status])`). */
const UPCOMING = msg({ message: 'Upcoming', comment: 'status of an event that has not started' });

export const STATUS_LABELS: Record<string, MessageDescriptor> = {
  scheduled: UPCOMING,
  running: msg({ message: 'In progress', comment: 'status of an event being played' }),
  finished: msg({ message: 'Finished', comment: 'status of an event that is over' }),
  cancelled: msg({ message: 'Cancelled', comment: 'status of an event that was called off' }),
};

const HOUR_MS = 3_600_000;

/** The status in words; a scheduled event is "Starting soon" only within the hour before it. */
export const statusLabel = (tournament: Pick<Tournament, 'status' | 'start_time'>, now = Date.now()): string => {
  if (tournament.status === 'scheduled') {
    const left = new Date(tournament.start_time).getTime() - now;
    return left <= HOUR_MS ? t({ message: 'Starting soon', comment: 'status of an event that starts within the hour' }) : t(UPCOMING);
  }
  const label = STATUS_LABELS[tournament.status];
  return label ? t(label) : tournament.status;
};

/** A bye in words, as the event page and the printed sheets say it (never the TRF code). */
export const BYE_LABELS: Record<string, MessageDescriptor> = {
  U: msg({ message: 'bye (1 point)', comment: 'a player without a game in a round, given 1 point' }),
  F: msg({ message: 'bye (1 point)', comment: 'a player without a game in a round, given 1 point' }),
  H: msg({ message: 'bye (½ point)', comment: 'a player without a game in a round, given half a point' }),
  Z: msg({ message: 'absent', comment: 'a player sitting a round out, without points' }),
};

export const byeLabel = (kind: string, notYetJoined = false): string => {
  if (notYetJoined) return kind === 'H' ? t`not yet joined (½ point)` : t`not yet joined`;
  const label = BYE_LABELS[kind];
  return label ? t(label) : t({ message: 'bye', comment: 'a player without a game in a round' });
};

const PAUSE_LABELS: Record<string, MessageDescriptor> = {
  no_check_in: msg({ message: 'not checked in', comment: 'why a player sits out, beside their name' }),
  no_show: msg({ message: 'no-show', comment: 'why a player sits out, beside their name: did not come to their game' }),
};

/** A player's status as every list shows it beside the name; null while they play. A paused
 * entry says why it sits out (`pause_reason`): "not checked in", "no-show", else "withdrawn". */
export const entryStatusLabel = (entry: { status: string; pause_reason?: string }): string | null => {
  if (entry.status === 'disqualified') return t({ message: 'disqualified', comment: 'a player’s status, beside their name' });
  if (entry.status !== 'paused') return null;
  const label = PAUSE_LABELS[entry.pause_reason ?? ''];
  return label ? t(label) : t({ message: 'withdrawn', comment: 'a player’s status, beside their name' });
};

/** The event's name as the TRF downloads are saved (the API sends the same name). */
export const eventSlug = (tournament: Pick<Tournament, 'id' | 'name'>): string => {
  const ascii = tournament.name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^ -~]/g, '');
  const slug = ascii
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .replace(/[-\s]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || `swiss-${tournament.id}`;
};

/** A date and time in the interface language and the viewer's time zone. */
export const formatDateTime = (iso: string): string => dateTimeText(iso);

/** A player's report on a board in words: "carol won (1-0)", "Draw (½-½)", "No report". */
export const reportText = (board: { white: string; black: string }, report: string): string => {
  if (!report) return t`No report`;
  const label = resultLabel(report);
  if (report === '1-0' || report === '0-1') {
    const winner = report === '1-0' ? board.white : board.black;
    return t({ message: `${winner} won (${label})`, comment: 'a player’s report on a board: the winner, then the result code' });
  }
  return t({ message: `Draw (${label})`, comment: 'a player’s report on a board: a draw, then the result code' });
};

/** When the event starts or started (round 1's pairing, not the listed time) and ended. */
export const eventTimesLabel = (tournament: Pick<Tournament, 'status' | 'start_time' | 'started_at' | 'finished_at'>): string => {
  const { status } = tournament;
  let start: string;
  if (status === 'scheduled') {
    const at = formatDateTime(tournament.start_time);
    start = t`Starts ${at}`;
  } else if (tournament.started_at) {
    const at = formatDateTime(tournament.started_at);
    start = t`Started ${at}`;
  } else {
    // Running without a known round 1 start; or over before round 1 was paired.
    const at = formatDateTime(tournament.start_time);
    start = status === 'running' ? t`Started ${at}` : t`Was to start ${at}`;
  }
  if (!tournament.finished_at) return start;
  const end = formatDateTime(tournament.finished_at);
  return status === 'cancelled'
    ? t({ message: `${start} · cancelled ${end}`, comment: '{start} is "Started <date>" or "Was to start <date>"' })
    : t({ message: `${start} · ended ${end}`, comment: '{start} is "Started <date>" or "Was to start <date>"' });
};

/** "45 seconds", "15 minutes", "1 minute, 30 seconds", in the interface language. */
export const durationLabel = (seconds: number): string => durationText(seconds, 'long');
