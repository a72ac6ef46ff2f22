import { i18n, type Messages } from '@lingui/core';

import { type Locale, localeDirection } from '@/lib/i18n/locales';

/** `shell` holds the frame of every page and the game page, `event` the event page, `pages`
 * every other page (cut along the import graph: lingui.catalogs.ts). Each is a chunk of its own
 * per language, loaded on demand. */
export type CatalogName = 'shell' | 'event' | 'pages';

const loaders = import.meta.glob<{ messages: Messages }>('../../locales/*/*.po');
const loaded = new Set<CatalogName>();

const catalogImport = async (locale: Locale, name: CatalogName) => {
  const load = loaders[`../../locales/${locale}/${name}.po`];
  if (!load) throw new Error(`No ${name} catalogue for ${locale}.`);
  return (await load()).messages;
};

const documentMark = (locale: Locale) => {
  document.documentElement.lang = locale;
  document.documentElement.dir = localeDirection(locale);
};

/** Switch the interface to `locale`: every catalogue the pages shown so far needed is loaded in
 * that language first, so nothing on screen falls back to an id. */
export const localeActivate = async (locale: Locale) => {
  const names: CatalogName[] = ['shell', ...[...loaded].filter((name) => name !== 'shell')];
  const catalogs = await Promise.all(names.map(async (name) => [name, await catalogImport(locale, name)] as const));
  for (const [name, messages] of catalogs) {
    i18n.load(locale, messages);
    loaded.add(name);
  }
  // Lingui formats plural numbers (`#`) with these: Latin digits in Arabic, as format.ts does.
  i18n.activate(locale, locale === 'ar' ? ['ar-u-nu-latn'] : [locale]);
  documentMark(locale);
};

/** A page's catalogues in the active language, each loaded once (the router waits for them
 * beside the page's own chunk). */
export const catalogsEnsure = async (names: readonly CatalogName[]) => {
  const locale = i18n.locale as Locale;
  const missing = names.filter((name) => !loaded.has(name));
  const catalogs = await Promise.all(missing.map(async (name) => [name, await catalogImport(locale, name)] as const));
  if (i18n.locale !== locale) return localeActivate(i18n.locale as Locale); // switched meanwhile
  for (const [name, messages] of catalogs) {
    i18n.load(locale, messages);
    loaded.add(name);
  }
};
