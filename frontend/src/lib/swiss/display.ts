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

const CELL_LABELS: Record<string, string> = {
  '1': '1',
  '0': '0',
  '=': '½',
  '+': '1 (forfeit)',
  '-': '0 (forfeit)',
  U: '1 (bye)',
  H: '½ (bye)',
  Z: '0 (absent)',
  '': 'pending',
};

/** A round before a late joiner's entry reads "not yet joined", never "absent" (its TRF code,
 * a half-point bye for the first such round, stays the rule's: the points shown with it). */
export const sheetCellLabel = (cell: SheetCell): string => {
  if (cell.not_yet_joined) return cell.code === 'H' ? 'not yet joined (½)' : 'not yet joined';
  return CELL_LABELS[cell.code] ?? cell.code;
};

/** "3+2" as lichess writes clocks: minutes (fractions as ½, ¼, ¾) + increment seconds. */
export const timeControlLabel = (tournament: Pick<Tournament, 'clock_limit_seconds' | 'clock_increment_seconds'>): string => {
  const minutes = tournament.clock_limit_seconds / 60;
  const fractions: Record<number, string> = { 0.25: '¼', 0.5: '½', 0.75: '¾' };
  const base = Number.isInteger(minutes) ? String(minutes) : (fractions[minutes] ?? minutes.toFixed(1));
  return `${base}+${tournament.clock_increment_seconds}`;
};

export const STATUS_LABELS: Record<string, string> = {
  scheduled: 'Upcoming',
  running: 'In progress',
  finished: 'Finished',
  cancelled: 'Cancelled',
};

const HOUR_MS = 3_600_000;

/** The status in words; a scheduled event is "Starting soon" only within the hour before it. */
export const statusLabel = (tournament: Pick<Tournament, 'status' | 'start_time'>, now = Date.now()): string => {
  if (tournament.status === 'scheduled') {
    const left = new Date(tournament.start_time).getTime() - now;
    return left <= HOUR_MS ? 'Starting soon' : 'Upcoming';
  }
  return STATUS_LABELS[tournament.status] ?? tournament.status;
};

/** A bye in words, as the event page and the printed sheets say it (never the TRF code). */
export const BYE_LABELS: Record<string, string> = {
  U: 'bye (1 point)',
  F: 'bye (1 point)',
  H: 'bye (½ point)',
  Z: 'absent',
};

export const byeLabel = (kind: string, notYetJoined = false): string =>
  notYetJoined ? (kind === 'H' ? 'not yet joined (½ point)' : 'not yet joined') : (BYE_LABELS[kind] ?? 'bye');

const PAUSE_LABELS: Record<string, string> = { no_check_in: 'not checked in', no_show: 'no-show' };

/** A player's status as every list shows it beside the name; null while they play. A paused
 * entry says why it sits out (`pause_reason`): "not checked in", "no-show", else "withdrawn". */
export const entryStatusLabel = (entry: { status: string; pause_reason?: string }): string | null => {
  if (entry.status === 'disqualified') return 'disqualified';
  if (entry.status !== 'paused') return null;
  return PAUSE_LABELS[entry.pause_reason ?? ''] ?? 'withdrawn';
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

export const formatDateTime = (iso: string): string =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A player's report on a board in words: "carol won (1-0)", "Draw (½-½)", "No report". */
export const reportText = (board: { white: string; black: string }, report: string): string => {
  if (!report) return 'No report';
  const outcome = report === '1-0' ? `${board.white} won` : report === '0-1' ? `${board.black} won` : 'Draw';
  return `${outcome} (${resultLabel(report)})`;
};

/** When the event starts or started (round 1's pairing, not the listed time) and ended. */
export const eventTimesLabel = (tournament: Pick<Tournament, 'status' | 'start_time' | 'started_at' | 'finished_at'>): string => {
  const { status } = tournament;
  let start: string;
  if (status === 'scheduled') start = `Starts ${formatDateTime(tournament.start_time)}`;
  else if (tournament.started_at) start = `Started ${formatDateTime(tournament.started_at)}`;
  // Running without a known round 1 start; or over before round 1 was paired.
  else start = status === 'running' ? `Started ${formatDateTime(tournament.start_time)}` : `Was to start ${formatDateTime(tournament.start_time)}`;
  if (!tournament.finished_at) return start;
  return `${start} · ${status === 'cancelled' ? 'cancelled' : 'ended'} ${formatDateTime(tournament.finished_at)}`;
};

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** "45 seconds", "15 minutes", "1 minute 30 seconds". */
export const durationLabel = (seconds: number): string => {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return plural(rest, 'second');
  return rest === 0 ? plural(minutes, 'minute') : `${plural(minutes, 'minute')} ${plural(rest, 'second')}`;
};
