import { formatDateTime } from '@/lib/swiss/display';
import type { components, operations } from '@/lib/api-types';

export type AuditEntry = components['schemas']['AuditEntryOutput'];

/** Every action the server records: the schema's list (`AUDIT_ACTIONS` in
 * arbiter/tournaments/services/audit.py, the audit filter's choices). */
export type AuditAction = NonNullable<NonNullable<operations['tournaments_swiss_audit_list']['parameters']['query']>['action']>;

type Values = Record<string, unknown>;

const fields = (value: unknown): Values => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Values) : {});
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const listed = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const RESULT_WORDS: Record<string, string> = {
  '1-0': '1-0',
  '0-1': '0-1',
  '1/2-1/2': '½-½',
  '1/2': '½-½', // a team board's draw
  '+-': '+/- (forfeit)',
  '-+': '-/+ (forfeit)',
  '--': '-/- (double forfeit)',
  '': 'no result',
};
const resultWords = (value: unknown) => RESULT_WORDS[text(value)] ?? text(value);
const RESULT_KEYS = new Set(['result', 'game_result']);

/** "round 2 board 3: alice - bob" (arbiter's `board_subject`) as "round 2, board 3 (alice – bob)",
 * a team event's "round 2 match 1 board 3: …" as "round 2, match 1, board 3 (…)", and the two
 * names; any other subject as it is. */
const boardOf = (subject: string) => {
  const match = /^round (\d+) (?:match (\d+) )?board (\d+): (.*) - (.*)$/.exec(subject);
  if (!match) return { where: subject, white: '', black: '' };
  const [, round, table, board, white = '', black = ''] = match;
  return { where: `round ${round}, ${table ? `match ${table}, ` : ''}board ${board} (${white} – ${black})`, white, black };
};

/** The settings `event.edited` names (lifecycle's snapshot) in the form's words, and the other
 * stored fields the details show. */
const FIELD_WORDS: Record<string, string> = {
  name: 'name',
  description: 'description',
  rated: 'rated',
  min_rating: 'minimum rating',
  max_rating: 'maximum rating',
  min_account_age_days: 'minimum account age (days)',
  min_rated_games: 'minimum rated games',
  tiebreak_order: 'tie-breaks',
  regulations: 'regulations',
  accelerated: 'accelerated pairings',
  initial_colour: 'first colour',
  bye_request_limit: 'requested byes',
  round_interval_seconds: 'round scheduling',
  mode: 'games (online or over the board)',
  venue: 'venue',
  pairing_mode: 'pairing',
  standings_hidden: 'hidden standings',
  disqualification_games: 'a disqualified player’s games',
  teammates_do_not_meet: 'teammates do not meet',
  teammates_rounds: 'rounds teammates are kept apart',
  team_standings_top: 'players counted in the team standings',
  registration_deadline: 'registration deadline',
  checkin_minutes: 'check-in',
  no_show_seconds: 'no-show time',
  federation: 'federation',
  chief_arbiter_name: 'chief arbiter',
  chief_arbiter_fide_id: 'chief arbiter’s FIDE ID',
  deputy_arbiters: 'deputy arbiters',
  num_rounds: 'rounds',
  start_time: 'start',
  round_times: 'round times',
  clock: 'time control',
  password: 'password',
  // An entry's FIDE data (`entry.edited`).
  fide_id: 'FIDE ID',
  title: 'title',
  birth_year: 'birth year',
  sex: 'sex',
  // Other stored values (the details of each action).
  no_show: 'no-show',
  game_result: 'recorded game',
  checked_in_at: 'checked in',
  offered_to: 'offered to',
  games: 'past games',
  // An arbiter call's reasons (`call.closed`).
  misclick: 'misclick',
  disconnection: 'disconnection',
  illegal_move: 'illegal-move claim',
  fair_play: 'fair-play suspicion',
  other: 'other',
};

/** A stored key in words: the table's, or the key with spaces. */
export const fieldWords = (key: string): string => FIELD_WORDS[key] ?? key.replace(/_/g, ' ');

type Sentence = (subject: string, before: Values, after: Values) => string;

const boardResult: Sentence = (subject, before, after) => {
  const { where, white, black } = boardOf(subject);
  if (after.disputed === true) {
    // An arbiter's recorded game contradicted the board's result (over the board): cleared, disputed.
    return `Marked ${where} disputed: the recorded game says ${resultWords(after.game_result)}, the result was ${resultWords(before.result)}`;
  }
  const absent = after.no_show === 'white' ? white || 'White' : after.no_show === 'black' ? black || 'Black' : '';
  const noShow = absent ? `, ${absent} did not show up` : '';
  if (before.disputed === true) return `Decided the dispute on ${where}: ${resultWords(after.result)}${noShow}`;
  if (before.result) return `Corrected ${where}: ${resultWords(before.result)} → ${resultWords(after.result)}${noShow}`;
  return `Set ${where}: ${resultWords(after.result)}${noShow}`;
};

const pairs = (subject: string, players: unknown) => {
  const names = listed(players).map(text).filter(Boolean);
  return names.length === 2 ? `${names[0]} and ${names[1]}` : subject;
};

/**
 * Each recorded action as a plain sentence about what the leader (or the server) did, from its
 * subject and before/after values (docs/audit.md lists what each records). `Record` over the
 * schema's actions: a new action on the server fails the type check (and the Vitest, which reads
 * the schema) until it has its sentence here.
 */
export const AUDIT_SENTENCES: Record<AuditAction, Sentence> = {
  'result.set': boardResult,
  'result.corrected': boardResult,
  'pairing.edited': (subject, before, after) => {
    const boards = listed(after.boards).length;
    const bye = text(after.bye);
    const how = `${subject} by hand: ${count(boards, 'board')}${bye ? `, bye for ${bye}` : ''}`;
    return Object.keys(before).length ? `Re-paired ${how}` : `Paired ${how}`;
  },
  'round.started': (subject) => `Started ${subject} now`,
  'round.scheduled': (subject, before, after) => {
    const at = text(after.at);
    const byHand = after.interval == null && before.interval != null ? '; later rounds start by hand' : '';
    return `Set the start of ${subject}${at ? ` to ${formatDateTime(at)}` : ''}${byHand}`;
  },
  'player.paused': (subject) => `Withdrew ${subject}`,
  'player.reinstated': (subject) => `Reinstated ${subject}`,
  'player.removed': (subject) => `Removed ${subject}’s entry`,
  'ban.lifted': (subject) => `Lifted ${subject}’s no-show ban`,
  'forbidden.added': (subject, _before, after) => `Kept ${pairs(subject, after.players)} apart (forbidden pair)`,
  'forbidden.removed': (subject, before) => `Allowed ${pairs(subject, before.players)} to meet again`,
  'forbidden.replaced': (_subject, before, after) =>
    `Replaced the forbidden pairs: ${count(listed(after.pairs).length, 'pair')} (${listed(before.pairs).length} before)`,
  'event.edited': (subject) => {
    const names = subject.split(', ').filter(Boolean).map(fieldWords);
    return names.length ? `Changed the event’s ${names.join(', ')}` : 'Changed the event’s settings';
  },
  'event.cancelled': () => 'Cancelled the event',
  'registered.added': (subject, _before, after) => {
    const players = listed(after.players).length || subject.split(', ').length;
    return `Added ${count(players, 'registered player')}: ${subject}`;
  },
  'registered.edited': (subject) => `Edited the registered player ${subject}`,
  'entry.edited': (subject, _before, after) => {
    const names = Object.keys(after).map(fieldWords);
    return `Corrected ${subject}’s FIDE data${names.length ? `: ${names.join(', ')}` : ''}`;
  },
  'claim.approved': (subject, _before, after) => `Approved ${text(after.user) || 'a player'}’s claim to ${subject}`,
  'claim.rejected': (subject, _before, after) => `Rejected ${text(after.claimant) || 'a player'}’s claim to ${subject}`,
  'link.offered': (subject, _before, after) => `Offered the entry ${subject} to ${text(after.offered_to) || 'a member'}`,
  'prizes.edited': (subject, _before, after) => `Set the prize table: ${Array.isArray(after.prizes) ? count(after.prizes.length, 'prize') : subject}`,
  'player.disqualified': (subject, _before, after) => {
    const reason = text(after.reason);
    const rewritten = Object.keys(fields(after.boards)).length;
    return `Disqualified ${subject}${reason ? `: ${reason}` : ''}${rewritten ? ` (${count(rewritten, 'game')} rewritten)` : ''}`;
  },
  'player.checked_in': (subject) => `Checked ${subject} in`,
  'player.checkin_paused': (subject, _before, after) => {
    const entries = typeof after.entries === 'number' ? after.entries : subject.split(', ').length;
    return `Withdrew ${count(entries, 'player')} who did not check in before round 1: ${subject}`;
  },
  'player.team_set': (subject, before, after) =>
    before.team ? `Moved ${subject} from team ${text(before.team)} to ${text(after.team)}` : `Set ${subject} to play for team ${text(after.team)}`,
  'cohost.invited': (subject) => `Invited ${subject} to co-host the event`,
  // By a leader of the invited team, for it.
  'cohost.accepted': (subject) => `${subject} accepted to co-host the event`,
  'cohost.declined': (subject) => `${subject} declined to co-host the event`,
  'cohost.removed': (subject, before) => (before.status === 'invited' ? `Withdrew the co-host invitation of ${subject}` : `Removed ${subject} as a co-host`),
  'export.data_set': (subject, _before, after) => {
    const keys = Object.keys(after);
    const players = keys.filter((key) => key !== 'event').length;
    const parts = [...(keys.includes('event') ? ['the event’s'] : []), ...(players ? [`${count(players, 'player')}’`] : [])];
    return `Entered the ${subject} export data${parts.length ? ` (${parts.join(' and ')})` : ''}`;
  },
  // The arbiter inside an online game (docs/games.md, "The arbiter").
  'game.paused': (subject) => `Paused the clocks of ${boardOf(subject).where}`,
  'game.resumed': (subject) => `Resumed the clocks of ${boardOf(subject).where}`,
  'game.time_added': (subject, _before, after) => {
    const [colour, seconds] = Object.entries(fields(after.added))[0] ?? ['', ''];
    const { where, white, black } = boardOf(subject);
    const who = colour === 'white' ? white || 'White' : colour === 'black' ? black || 'Black' : 'a player';
    return `Gave ${who} ${text(seconds)} s more in ${where}`;
  },
  'game.takeback': (subject, before) => `Took back the last move (${text(before.move)}) in ${boardOf(subject).where}`,
  'game.adjudicated': (subject, _before, after) => {
    const reason = text(after.reason);
    return `Set the result of ${boardOf(subject).where} by decision: ${resultWords(after.result)}${reason ? ` (${reason})` : ''}`;
  },
  'call.closed': (subject, before) => `Closed a call (${fieldWords(text(before.reason))}) in ${boardOf(subject).where}`,
};

const isKnown = (action: string): action is AuditAction => Object.hasOwn(AUDIT_SENTENCES, action);

/** An entry as a sentence; an action this app does not know yet (a newer server) reads as its
 * code in words with its subject, never as nothing. */
export const auditSentence = (entry: Pick<AuditEntry, 'action' | 'subject' | 'before' | 'after'>): string => {
  if (isKnown(entry.action)) return AUDIT_SENTENCES[entry.action](entry.subject, fields(entry.before), fields(entry.after));
  const words = entry.action.replace(/[._]/g, ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}${entry.subject ? `: ${entry.subject}` : ''}`;
};

/** A stored value as a person reads it: "—" for nothing, yes/no, dates as dates, lists and
 * objects compactly. */
export const valueWords = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) ? formatDateTime(value) : value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
};

/** The details of an entry: each field that changed, with its value before and after. */
export const auditChanges = (entry: Pick<AuditEntry, 'before' | 'after'>): { field: string; before: string; after: string }[] => {
  const before = entry.before;
  const after = entry.after;
  const isObject = (value: unknown) => value === null || value === undefined || (typeof value === 'object' && !Array.isArray(value));
  if (!isObject(before) || !isObject(after)) return [{ field: 'value', before: valueWords(before), after: valueWords(after) }];
  const was = fields(before);
  const now = fields(after);
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  // A board's result in the notation players read ("½-½", "-/+ (forfeit)"), not as stored.
  const words = (key: string, value: unknown) => (RESULT_KEYS.has(key) && typeof value === 'string' ? resultWords(value) : valueWords(value));
  return keys
    .map((key) => ({ field: fieldWords(key), before: words(key, was[key]), after: words(key, now[key]) }))
    .filter((change) => change.before !== change.after); // context that did not change (no boards rewritten)
};
