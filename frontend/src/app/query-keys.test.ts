/**
 * Query keys are written only in the features' key factories (`*-keys.ts`): a key spelt out
 * anywhere else can drift from the one a push or a mutation writes, and the cache then holds
 * two copies of the same data (docs/frontend.md, "How the cache is updated").
 */
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*-keys.ts', '!/src/lib/api-types.ts', '!/src/app/query-keys.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const LITERAL_KEYS: [string, RegExp][] = [
  ['a key array as queryKey', /queryKey:\s*\[/],
  ['a key array handed to the cache', /(?:QueryData|QueriesData|QueryState)(?:<[^>]*>)?\(\s*\[/],
  ['a factory key extended in place', /\[\s*\.\.\.\w+Keys\./],
  ["a feature's key root", /\[\s*'(?:swiss|team-swiss|teams|games|account|tools|auth|ratings)'\s*[,\]]/],
];

describe('query keys', () => {
  it('are read from the sources (the check below would pass on nothing)', () => {
    expect(Object.keys(sources)).toContain('/src/lib/auth.ts');
    expect(Object.keys(sources).some((file) => file.endsWith('-keys.ts'))).toBe(false);
  });

  it.each(LITERAL_KEYS)('no %s outside the key factories', (_, pattern) => {
    const found = Object.entries(sources).flatMap(([file, text]) =>
      text.split('\n').flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
