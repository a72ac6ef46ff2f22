import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

import { parsePoFile } from '@lingui/format-po';

const LOCALES = path.resolve(import.meta.dirname, '../../src/locales');

/** The interface's own translation of an English text (its catalogues, as the page loads them),
 * so that a spec in another language finds what a reader of that language sees. Only plain
 * texts (no placeholders); a text missing from the catalogues fails the spec. */
export function translator(locale: string): (english: string, context?: string) => string {
  const table = new Map<string, string>();
  for (const file of readdirSync(path.join(LOCALES, locale)).filter((name) => name.endsWith('.po'))) {
    for (const item of parsePoFile(readFileSync(path.join(LOCALES, locale, file), 'utf8')).items) {
      const key = `${item.msgctxt ?? ''}\u0004${item.msgid}`;
      if (item.msgstr[0] && !table.has(key)) table.set(key, item.msgstr[0]);
    }
  }
  return (english, context = '') => {
    const found = table.get(`${context}\u0004${english}`);
    if (found === undefined) throw new Error(`no ${locale} translation of "${english}" in src/locales/${locale}`);
    return found;
  };
}
