import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';

import { dateTimeText } from '@/lib/i18n/format';
import type { components, operations } from '@/lib/api-types';

export type AuditEntry = components['schemas']['AuditEntryOutput'];

/** Every action the server records: the schema's list (`AUDIT_ACTIONS` in
 * arbiter/tournaments/services/audit.py, the audit filter's choices). */
export type AuditAction = NonNullable<NonNullable<operations['tournaments_swiss_audit_list']['parameters']['query']>['action']>;

type Values = Record<string, unknown>;

const fields = (value: unknown): Values => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Values) : {});
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const listed = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** "a, b, c" (or the language's own list) of names in a sentence. */
const listWords = (names: string[]) => new Intl.ListFormat(i18n.locale || 'en', { type: 'conjunction', style: 'narrow' }).format(names);

/** A stored result in the notation players read: the codes stay codes, the rest in words. */
const resultWords = (value: unknown): string => {
  const code = text(value);
  switch (code) {
    case '1/2-1/2':
    case '1/2': // a team board's draw
      return '½-½';
    case '+-':
      return t({ message: '+/- (forfeit)', comment: 'a board result: White wins by forfeit' });
    case '-+':
      return t({ message: '-/+ (forfeit)', comment: 'a board result: Black wins by forfeit' });
    case '--':
      return t({ message: '-/- (double forfeit)', comment: 'a board result: both players lose by forfeit' });
    case '':
      return t({ message: 'no result', comment: 'a board that has no result' });
    default:
      return code;
  }
};
const RESULT_KEYS = new Set(['result', 'game_result']);

/** "round 2 board 3: alice - bob" (arbiter's `board_subject`) as "round 2, board 3 (alice – bob)",
 * a team event's "round 2 match 1 board 3: …" as "round 2, match 1, board 3 (…)", and the two
 * names; any other subject as it is. */
const boardOf = (subject: string) => {
  const match = /^round (\d+) (?:match (\d+) )?board (\d+): (.*) - (.*)$/.exec(subject);
  if (!match) return { where: subject, white: '', black: '' };
  const [, round, table, board, white = '', black = ''] = match;
  const where = table
    ? t({ message: `round ${round}, match ${table}, board ${board} (${white} – ${black})`, comment: 'a board of a team event, in the middle of a sentence' })
    : t({ message: `round ${round}, board ${board} (${white} – ${black})`, comment: 'a board of an event, in the middle of a sentence' });
  return { where, white, black };
};

/** The server's "round 2" (a round's subject) in words; any other subject as it is. */
const roundOf = (subject: string) => {
  const round = /^round (\d+)$/.exec(subject)?.[1];
  return round ? t({ message: `round ${round}`, comment: 'a round of a Swiss event, in the middle of a sentence' }) : subject;
};

/** The settings `event.edited` names (lifecycle's snapshot) in the form's words, and the other
 * stored fields the details show. */
const FIELD_WORDS: Record<string, MessageDescriptor> = {
  name: msg({ message: 'name', comment: 'an event setting, as the audit log names it' }),
  description: msg`description`,
  rated: msg({ message: 'rated', comment: 'an event setting: whether the event is rated' }),
  min_rating: msg`minimum rating`,
  max_rating: msg`maximum rating`,
  min_account_age_days: msg`minimum account age (days)`,
  min_rated_games: msg`minimum rated games`,
  tiebreak_order: msg`tie-breaks`,
  regulations: msg`regulations`,
  accelerated: msg`accelerated pairings`,
  initial_colour: msg`first colour`,
  bye_request_limit: msg`requested byes`,
  round_interval_seconds: msg`round scheduling`,
  mode: msg`games (online or over the board)`,
  venue: msg`venue`,
  pairing_mode: msg({ message: 'pairing', comment: 'an event setting: how rounds are paired' }),
  standings_hidden: msg`hidden standings`,
  disqualification_games: msg`a disqualified player’s games`,
  teammates_do_not_meet: msg`teammates do not meet`,
  teammates_rounds: msg`rounds teammates are kept apart`,
  team_standings_top: msg`players counted in the team standings`,
  registration_deadline: msg`registration deadline`,
  checkin_minutes: msg`check-in`,
  no_show_seconds: msg`no-show time`,
  federation: msg`federation`,
  chief_arbiter_name: msg`chief arbiter`,
  chief_arbiter_fide_id: msg`chief arbiter’s FIDE ID`,
  deputy_arbiters: msg`deputy arbiters`,
  num_rounds: msg({ message: 'rounds', comment: 'an event setting: the number of rounds' }),
  start_time: msg({ message: 'start', comment: 'an event setting: when it starts' }),
  round_times: msg`round times`,
  clock: msg`time control`,
  password: msg`password`,
  // An entry's FIDE data (`entry.edited`).
  fide_id: msg`FIDE ID`,
  title: msg({ message: 'title', comment: 'a player’s FIDE title (GM, IM…)' }),
  birth_year: msg`birth year`,
  sex: msg`sex`,
  // Other stored values (the details of each action).
  no_show: msg`no-show`,
  game_result: msg`recorded game`,
  checked_in_at: msg`checked in`,
  offered_to: msg`offered to`,
  games: msg`past games`,
  // An arbiter call's reasons (`call.closed`).
  misclick: msg`misclick`,
  disconnection: msg`disconnection`,
  illegal_move: msg`illegal-move claim`,
  fair_play: msg`fair-play suspicion`,
  other: msg({ message: 'other', comment: 'an arbiter call’s reason: any other' }),
};

/** A stored key in words: the table's, or the key with spaces. */
export const fieldWords = (key: string): string => {
  const words = FIELD_WORDS[key];
  return words ? i18n._(words) : key.replace(/_/g, ' ');
};

type Sentence = (subject: string, before: Values, after: Values) => string;

const boardResult: Sentence = (subject, before, after) => {
  const { where, white, black } = boardOf(subject);
  if (after.disputed === true) {
    // An arbiter's recorded game contradicted the board's result (over the board): cleared, disputed.
    const recorded = resultWords(after.game_result);
    const was = resultWords(before.result);
    return t`Marked ${where} disputed: the recorded game says ${recorded}, the result was ${was}`;
  }
  const result = resultWords(after.result);
  const absent = after.no_show === 'white' ? white || t`White` : after.no_show === 'black' ? black || t`Black` : '';
  if (before.disputed === true)
    return absent ? t`Decided the dispute on ${where}: ${result}, ${absent} did not show up` : t`Decided the dispute on ${where}: ${result}`;
  if (before.result) {
    const was = resultWords(before.result);
    return absent
      ? t({ message: `Corrected ${where}: ${was} → ${result}, ${absent} did not show up`, comment: 'a corrected result: old → new (the arrow points the way the language reads)' })
      : t({ message: `Corrected ${where}: ${was} → ${result}`, comment: 'a corrected result: old → new (the arrow points the way the language reads)' });
  }
  return absent ? t`Set ${where}: ${result}, ${absent} did not show up` : t`Set ${where}: ${result}`;
};

const pairs = (subject: string, players: unknown) => {
  const [first, second, ...more] = listed(players).map(text).filter(Boolean);
  return first && second && more.length === 0 ? t`${first} and ${second}` : subject;
};

/**
 * Each recorded action as a plain sentence about what the leader (or the server) did, from its
 * subject and before/after values (docs/audit.md lists what each records). `Record` over the
 * schema's actions: a new action on the server fails the type check (and the Vitest, which reads
 * the schema) until it has its sentence here. Each is translated when it is read (an entry is
 * shown in the viewer's language, whoever recorded it).
 */
export const AUDIT_SENTENCES: Record<AuditAction, Sentence> = {
  'result.set': boardResult,
  'result.corrected': boardResult,
  'pairing.edited': (subject, before, after) => {
    const boards = listed(after.boards).length;
    const bye = text(after.bye);
    const round = roundOf(subject);
    if (Object.keys(before).length)
      return bye
        ? t`Re-paired ${round} by hand: ${plural(boards, { one: '# board', other: '# boards' })}, bye for ${bye}`
        : t`Re-paired ${round} by hand: ${plural(boards, { one: '# board', other: '# boards' })}`;
    return bye
      ? t`Paired ${round} by hand: ${plural(boards, { one: '# board', other: '# boards' })}, bye for ${bye}`
      : t`Paired ${round} by hand: ${plural(boards, { one: '# board', other: '# boards' })}`;
  },
  'round.started': (subject) => {
    const round = roundOf(subject);
    return t`Started ${round} now`;
  },
  'round.scheduled': (subject, before, after) => {
    const round = roundOf(subject);
    const at = text(after.at) ? dateTimeText(text(after.at)) : '';
    if (after.interval == null && before.interval != null)
      return at ? t`Set the start of ${round} to ${at}; later rounds start by hand` : t`Set the start of ${round}; later rounds start by hand`;
    return at ? t`Set the start of ${round} to ${at}` : t`Set the start of ${round}`;
  },
  'player.paused': (subject) => t`Withdrew ${subject}`,
  'player.reinstated': (subject) => t`Reinstated ${subject}`,
  'player.removed': (subject) => t`Removed ${subject}’s entry`,
  'ban.lifted': (subject) => t`Lifted ${subject}’s no-show ban`,
  'forbidden.added': (subject, _before, after) => {
    const players = pairs(subject, after.players);
    return t`Kept ${players} apart (forbidden pair)`;
  },
  'forbidden.removed': (subject, before) => {
    const players = pairs(subject, before.players);
    return t`Allowed ${players} to meet again`;
  },
  'forbidden.replaced': (_subject, before, after) => {
    const now = listed(after.pairs).length;
    const earlier = listed(before.pairs).length;
    return t`Replaced the forbidden pairs: ${plural(now, { one: '# pair', other: '# pairs' })} (${earlier} before)`;
  },
  'event.edited': (subject) => {
    const names = subject.split(', ').filter(Boolean).map(fieldWords);
    const settings = listWords(names);
    return names.length ? t`Changed the event’s ${settings}` : t`Changed the event’s settings`;
  },
  'event.cancelled': () => t`Cancelled the event`,
  'registered.added': (subject, _before, after) => {
    const players = listed(after.players).length || subject.split(', ').length;
    return t`Added ${plural(players, { one: '# registered player', other: '# registered players' })}: ${subject}`;
  },
  'registered.edited': (subject) => t`Edited the registered player ${subject}`,
  'entry.edited': (subject, _before, after) => {
    const names = Object.keys(after).map(fieldWords);
    const changed = listWords(names);
    return names.length ? t`Corrected ${subject}’s FIDE data: ${changed}` : t`Corrected ${subject}’s FIDE data`;
  },
  'claim.approved': (subject, _before, after) => {
    const user = text(after.user);
    return user ? t`Approved ${user}’s claim to ${subject}` : t`Approved a player’s claim to ${subject}`;
  },
  'claim.rejected': (subject, _before, after) => {
    const claimant = text(after.claimant);
    return claimant ? t`Rejected ${claimant}’s claim to ${subject}` : t`Rejected a player’s claim to ${subject}`;
  },
  'link.offered': (subject, _before, after) => {
    const member = text(after.offered_to);
    return member ? t`Offered the entry ${subject} to ${member}` : t`Offered the entry ${subject} to a member`;
  },
  'prizes.edited': (subject, _before, after) => {
    if (!Array.isArray(after.prizes)) return t`Set the prize table: ${subject}`;
    const prizes = after.prizes.length;
    return t`Set the prize table: ${plural(prizes, { one: '# prize', other: '# prizes' })}`;
  },
  'player.disqualified': (subject, _before, after) => {
    const reason = text(after.reason);
    const rewritten = Object.keys(fields(after.boards)).length;
    if (reason && rewritten)
      return t`Disqualified ${subject}: ${reason} (${plural(rewritten, { one: '# game rewritten', other: '# games rewritten' })})`;
    if (reason) return t`Disqualified ${subject}: ${reason}`;
    if (rewritten) return t`Disqualified ${subject} (${plural(rewritten, { one: '# game rewritten', other: '# games rewritten' })})`;
    return t`Disqualified ${subject}`;
  },
  'player.checked_in': (subject) => t`Checked ${subject} in`,
  'player.checkin_paused': (subject, _before, after) => {
    const entries = typeof after.entries === 'number' ? after.entries : subject.split(', ').length;
    return plural(entries, {
      one: `Withdrew # player who did not check in before round 1: ${subject}`,
      other: `Withdrew # players who did not check in before round 1: ${subject}`,
    });
  },
  'player.team_set': (subject, before, after) => {
    const team = text(after.team);
    const earlier = text(before.team);
    return earlier ? t`Moved ${subject} from team ${earlier} to ${team}` : t`Set ${subject} to play for team ${team}`;
  },
  'cohost.invited': (subject) => t`Invited ${subject} to co-host the event`,
  // By a leader of the invited team, for it.
  'cohost.accepted': (subject) => t`${subject} accepted to co-host the event`,
  'cohost.declined': (subject) => t`${subject} declined to co-host the event`,
  'cohost.removed': (subject, before) =>
    before.status === 'invited' ? t`Withdrew the co-host invitation of ${subject}` : t`Removed ${subject} as a co-host`,
  'export.data_set': (subject, _before, after) => {
    const keys = Object.keys(after);
    const players = keys.filter((key) => key !== 'event').length;
    const event = keys.includes('event');
    if (event && players)
      return t`Entered the ${subject} export data (the event’s and ${plural(players, { one: '# player’s', other: '# players’' })})`;
    if (event) return t`Entered the ${subject} export data (the event’s)`;
    if (players) return t`Entered the ${subject} export data (${plural(players, { one: '# player’s', other: '# players’' })})`;
    return t`Entered the ${subject} export data`;
  },
  // The arbiter inside an online game (docs/games.md, "The arbiter").
  'game.paused': (subject) => {
    const { where } = boardOf(subject);
    return t`Paused the clocks of ${where}`;
  },
  'game.resumed': (subject) => {
    const { where } = boardOf(subject);
    return t`Resumed the clocks of ${where}`;
  },
  'game.time_added': (subject, _before, after) => {
    const [colour, added] = Object.entries(fields(after.added))[0] ?? ['', ''];
    const { where, white, black } = boardOf(subject);
    const who = colour === 'white' ? white || t`White` : colour === 'black' ? black || t`Black` : t`a player`;
    const seconds = text(added);
    return t`Gave ${who} ${seconds} s more in ${where}`;
  },
  'game.takeback': (subject, before) => {
    const { where } = boardOf(subject);
    const move = text(before.move);
    return t`Took back the last move (${move}) in ${where}`;
  },
  'game.adjudicated': (subject, _before, after) => {
    const { where } = boardOf(subject);
    const result = resultWords(after.result);
    const reason = text(after.reason);
    return reason ? t`Set the result of ${where} by decision: ${result} (${reason})` : t`Set the result of ${where} by decision: ${result}`;
  },
  'call.closed': (subject, before) => {
    const { where } = boardOf(subject);
    const reason = fieldWords(text(before.reason));
    return t`Closed a call (${reason}) in ${where}`;
  },
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
  if (typeof value === 'boolean') return value ? t`yes` : t`no`;
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) ? dateTimeText(value) : value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
};

/** The details of an entry: each field that changed, with its value before and after. */
export const auditChanges = (entry: Pick<AuditEntry, 'before' | 'after'>): { field: string; before: string; after: string }[] => {
  const before = entry.before;
  const after = entry.after;
  const isObject = (value: unknown) => value === null || value === undefined || (typeof value === 'object' && !Array.isArray(value));
  if (!isObject(before) || !isObject(after)) return [{ field: t({ message: 'value', comment: 'a stored value in the audit log’s details' }), before: valueWords(before), after: valueWords(after) }];
  const was = fields(before);
  const now = fields(after);
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  // A board's result in the notation players read ("½-½", "-/+ (forfeit)"), not as stored.
  const words = (key: string, value: unknown) => (RESULT_KEYS.has(key) && typeof value === 'string' ? resultWords(value) : valueWords(value));
  return keys
    .map((key) => ({ field: fieldWords(key), before: words(key, was[key]), after: words(key, now[key]) }))
    .filter((change) => change.before !== change.after); // context that did not change (no boards rewritten)
};
