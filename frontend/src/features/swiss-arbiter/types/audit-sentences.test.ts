import schemaText from '@/../openapi.json?raw';

import { AUDIT_SENTENCES, auditChanges, auditSentence } from '@/features/swiss-arbiter/types/audit-sentences';

type Parameter = { name: string; schema?: { enum?: string[] } };

/** The actions the server records, as the generated schema lists them (the audit filter's
 * choices, `AUDIT_ACTIONS`): the single source a new action comes in by. */
const schemaActions = (): string[] => {
  const schema = JSON.parse(schemaText) as { paths: Record<string, { get: { parameters: Parameter[] } }> };
  const parameters = schema.paths['/api/tournaments/swiss/{tournament_id}/audit/']?.get.parameters ?? [];
  return parameters.find((parameter) => parameter.name === 'action')?.schema?.enum ?? [];
};

const entry = (action: string, subject: string, before: unknown = null, after: unknown = null) => ({ action, subject, before, after });

describe('audit sentences', () => {
  it('every action the server records has a sentence of its own, and no other', () => {
    const actions = schemaActions();
    expect(actions.length).toBeGreaterThan(20);
    expect(Object.keys(AUDIT_SENTENCES).sort()).toEqual([...actions].sort());
    for (const action of actions) {
      const sentence = auditSentence(entry(action, 'anna_berg'));
      expect(sentence, action).toMatch(/^[A-Z]|^anna_berg /);
      expect(sentence, action).not.toContain(action);
      // Empty before/after (as some actions record) still read as a sentence.
      expect(auditSentence(entry(action, 'anna_berg', {}, {})), action).not.toContain('undefined');
    }
  });

  it('results in words: set, corrected, a no-show, a decided dispute, a board an arbiter’s game disputes', () => {
    const board = 'round 1 board 4: anna_berg - bob';
    expect(auditSentence(entry('result.set', board, { result: '', disputed: false }, { result: '1-0', no_show: '' }))).toBe(
      'Set round 1, board 4 (anna_berg – bob): 1-0',
    );
    expect(auditSentence(entry('result.corrected', board, { result: '1-0', disputed: false }, { result: '1/2-1/2', no_show: '' }))).toBe(
      'Corrected round 1, board 4 (anna_berg – bob): 1-0 → ½-½',
    );
    expect(auditSentence(entry('result.set', board, { result: '', disputed: false }, { result: '-+', no_show: 'white' }))).toBe(
      'Set round 1, board 4 (anna_berg – bob): -/+ (forfeit), anna_berg did not show up',
    );
    expect(auditSentence(entry('result.set', board, { result: '', disputed: true }, { result: '0-1', no_show: '' }))).toBe(
      'Decided the dispute on round 1, board 4 (anna_berg – bob): 0-1',
    );
    expect(auditSentence(entry('result.corrected', board, { result: '1-0', disputed: false }, { result: '', disputed: true, game_result: '0-1' }))).toBe(
      'Marked round 1, board 4 (anna_berg – bob) disputed: the recorded game says 0-1, the result was 1-0',
    );
  });

  it('players, settings and the server’s own actions', () => {
    expect(
      auditSentence(
        entry('player.disqualified', 'anna_berg', { status: 'active', boards: {} }, { status: 'disqualified', reason: 'Engine use', boards: { 'round 2 board 3': '-+' } }),
      ),
    ).toBe('Disqualified anna_berg: Engine use (1 game rewritten)');
    expect(auditSentence(entry('event.edited', 'num_rounds, password', { num_rounds: 7 }, { num_rounds: 9 }))).toBe('Changed the event’s rounds, password');
    expect(auditSentence(entry('player.checkin_paused', 'bo, cy', { status: 'active' }, { status: 'paused', entries: 2 }))).toBe(
      'Withdrew 2 players who did not check in before round 1: bo, cy',
    );
    expect(auditSentence(entry('prizes.edited', '3 prizes', {}, { sharing: 'hort', prizes: [{}, {}, {}] }))).toBe('Set the prize table: 3 prizes');
  });

  it('the arbiter inside an online game', () => {
    const subject = 'round 2 board 3: alice - bob';
    const sentence = (action: string, before: unknown, after: unknown) => auditSentence({ action, subject, before, after });
    expect(sentence('game.paused', { paused: false }, { paused: true })).toBe('Paused the clocks of round 2, board 3 (alice – bob)');
    expect(sentence('game.time_added', {}, { added: { black: 30 } })).toBe('Gave bob 30 s more in round 2, board 3 (alice – bob)');
    expect(sentence('game.takeback', { move: 'g1f3' }, { ply: 2 })).toBe('Took back the last move (g1f3) in round 2, board 3 (alice – bob)');
    expect(sentence('game.adjudicated', {}, { result: '1/2-1/2', reason: 'Both flagged' })).toBe(
      'Set the result of round 2, board 3 (alice – bob) by decision: ½-½ (Both flagged)',
    );
    expect(sentence('call.closed', { reason: 'fair_play' }, { status: 'closed' })).toBe(
      'Closed a call (fair-play suspicion) in round 2, board 3 (alice – bob)',
    );
  });

  it('an action this app does not know yet reads as its code in words, with its subject', () => {
    expect(auditSentence(entry('team.renamed_twice', 'Knights'))).toBe('Team renamed twice: Knights');
  });

  it('details: each field with its value before and after, in words', () => {
    expect(auditChanges(entry('event.edited', 'num_rounds', { num_rounds: 7, standings_hidden: false }, { num_rounds: 9, standings_hidden: true }))).toEqual([
      { field: 'rounds', before: '7', after: '9' },
      { field: 'hidden standings', before: 'no', after: 'yes' },
    ]);
    expect(auditChanges(entry('cohost.invited', 'Bishops', null, { team: 'bishops', status: 'invited' }))).toEqual([
      { field: 'team', before: '—', after: 'bishops' },
      { field: 'status', before: '—', after: 'invited' },
    ]);
  });
});
