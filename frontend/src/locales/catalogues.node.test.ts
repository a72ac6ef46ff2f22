import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { parsePoFile } from '@lingui/format-po';
import { parse, type Select, type Token } from '@messageformat/parser';

// eslint-disable-next-line no-restricted-imports -- the Lingui configuration lives beside src/, outside the @/ alias
import linguiConfig from '../../lingui.config';

// Every language but the source is a complete catalogue: each message translated, its ICU
// syntax sound, the same placeholders and inline tags as the English, and the plural cases the
// language's own CLDR rules name (docs/i18n.md, "Checks").
const FOLDER = path.resolve(__dirname);
const TRANSLATED = linguiConfig.locales.filter((locale) => locale !== linguiConfig.sourceLocale);
const CATALOGS = readdirSync(path.join(FOLDER, 'en')).filter((file) => file.endsWith('.po'));

type Plural = { ordinal: boolean; cases: Set<string> };
type Shape = { names: Set<string>; plurals: Map<string, Plural> };

const shapeOf = (message: string): Shape => {
  const names = new Set<string>();
  const plurals = new Map<string, Plural>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        const select = token as Select;
        names.add(select.arg);
        if (select.type !== 'select')
          plurals.set(select.arg, { ordinal: select.type === 'selectordinal', cases: new Set(select.cases.map((c) => c.key)) });
        for (const branch of select.cases) walk(branch.tokens);
      }
    }
  };
  walk(parse(message, { strict: false }));
  for (const tag of message.matchAll(/<\/?(\d+)\/?>/g)) names.add(`<${tag[1]}>`);
  return { names, plurals };
};

const entries = (locale: string, catalog: string) =>
  parsePoFile(readFileSync(path.join(FOLDER, locale, catalog), 'utf8')).items.filter((item) => !item.obsolete);

/** A language's plural categories: all it has (a case outside them is a mistake), and those a
 * count in an event can reach, 0 to 1000 (each must be written: Russian's "few", Arabic's
 * "two"); the others (Spanish "many" is for millions) fall back to `other`, as ICU does. */
const categoriesOf = (locale: string, ordinal: boolean) => {
  const rules = new Intl.PluralRules(locale, { type: ordinal ? 'ordinal' : 'cardinal' });
  const reached = new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)));
  return { all: rules.resolvedOptions().pluralCategories as string[], needed: [...reached, 'other'] };
};

describe.each(TRANSLATED)('the %s catalogues', (locale) => {
  test.each(CATALOGS)('%s holds every English message, each translated', (catalog) => {
    const english = entries('en', catalog).map((item) => `${item.msgctxt ?? ''}\u0004${item.msgid}`);
    const items = entries(locale, catalog);
    expect(items.map((item) => `${item.msgctxt ?? ''}\u0004${item.msgid}`).sort()).toEqual(english.sort());
    expect(items.filter((item) => !item.msgstr[0] || item.flags.fuzzy).map((item) => item.msgid)).toEqual([]);
  });

  test.each(CATALOGS)('%s keeps the placeholders, tags and plural cases', (catalog) => {
    const problems: string[] = [];
    for (const item of entries(locale, catalog)) {
      const translation = item.msgstr[0];
      if (!translation) continue;
      let source: Shape;
      let target: Shape;
      try {
        source = shapeOf(item.msgid);
        target = shapeOf(translation);
      } catch (error) {
        problems.push(`${item.msgid} -> ${translation}: ${String(error)}`);
        continue;
      }
      const names = (shape: Shape) => [...shape.names].sort().join(',');
      if (names(source) !== names(target)) problems.push(`${item.msgid} -> ${translation}: placeholders differ`);
      for (const [arg, { ordinal, cases }] of target.plurals) {
        const categories = categoriesOf(locale, ordinal);
        const named = [...cases].filter((key) => !key.startsWith('='));
        const missing = categories.needed.filter((category) => !named.includes(category));
        const unknown = named.filter((key) => !categories.all.includes(key));
        if (missing.length || unknown.length)
          problems.push(`${item.msgid} -> ${translation}: plural ${arg} lacks [${missing}] or has unknown [${unknown}]`);
      }
    }
    expect(problems).toEqual([]);
  });
});
