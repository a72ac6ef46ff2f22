import { countText, editorPlaces, entryFieldOf, type Finding, groupFindings, type ReportPlayer } from '@/features/rating-report/types/findings';

const finding = (over: Partial<Finding>): Finding => ({
  entry: null,
  start_number: null,
  player: '',
  field: 'chief_arbiter',
  message: 'm',
  rule: 'r',
  severity: 'error',
  ...over,
});

const player = (entry: number, start: number, name: string): ReportPlayer => ({
  entry,
  start_number: start,
  name,
  username: null,
  fide_id: '',
  federation: '',
  title: '',
  birth_year: null,
  sex: '',
  rating: 0,
  rated_games: 0,
});

describe('groupFindings', () => {
  it('puts the event first, then each player by start number, errors before warnings', () => {
    const players = [player(10, 1, 'Alpha, Ann'), player(20, 2, 'Beta, Bo')];
    const findings = [
      finding({ entry: 20, start_number: 2, player: 'Beta, Bo', field: 'game', severity: 'warning' }),
      finding({ entry: 20, start_number: 2, player: 'Beta, Bo', field: 'birth_date' }),
      finding({ field: 'counts', severity: 'warning' }),
      finding({ entry: 10, start_number: 1, player: 'Alpha, Ann', field: 'sex', severity: 'warning' }),
      finding({ field: 'chief_arbiter' }),
    ];
    const grouped = groupFindings(findings, players);
    expect(grouped.event.map((f) => f.field)).toEqual(['chief_arbiter', 'counts']);
    expect(grouped.players.map((g) => g.name)).toEqual(['Alpha, Ann', 'Beta, Bo']);
    const beta = grouped.players.at(1);
    expect(beta?.findings.map((f) => f.field)).toEqual(['birth_date', 'game']);
    expect(beta?.player?.entry).toBe(20);
  });

  it('keeps a finding whose start number has no entry in a group of its own', () => {
    const grouped = groupFindings([finding({ start_number: 7, player: 'Ghost', field: 'game' })], []);
    expect(grouped.event).toEqual([]);
    expect(grouped.players).toHaveLength(1);
    expect(grouped.players.at(0)?.player).toBeNull();
  });
});

describe('editors', () => {
  it('maps an entry finding to the field it is corrected in, once per field', () => {
    const birth = finding({ entry: 1, start_number: 1, field: 'birth_date' });
    const again = finding({ entry: 1, start_number: 1, field: 'birth_date', message: 'format' });
    const game = finding({ entry: 1, start_number: 1, field: 'game' });
    expect(entryFieldOf(birth)).toBe('birth_year');
    expect(entryFieldOf(game)).toBeNull();
    expect(entryFieldOf(finding({ field: 'fide_id' }))).toBeNull(); // not an entry's finding
    expect([...editorPlaces([birth, again, game]).entries()]).toEqual([[birth, 'birth_year']]);
  });

  it('counts in words', () => {
    expect(countText(1, 0)).toBe('1 error, 0 warnings');
    expect(countText(2, 1)).toBe('2 errors, 1 warning');
  });
});
