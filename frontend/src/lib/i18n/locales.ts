/** The interface languages: the code, the language's name in itself (as a picker shows it to
 * someone who reads only that language) and the writing direction. */
export const LOCALES = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'es', name: 'Español', dir: 'ltr' },
  { code: 'fr', name: 'Français', dir: 'ltr' },
  { code: 'de', name: 'Deutsch', dir: 'ltr' },
  { code: 'ru', name: 'Русский', dir: 'ltr' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
] as const;

export type Locale = (typeof LOCALES)[number]['code'];

export const SOURCE_LOCALE: Locale = 'en';

export const isLocale = (code: unknown): code is Locale =>
  typeof code === 'string' && LOCALES.some((locale) => locale.code === code);

export const localeDirection = (code: Locale): 'ltr' | 'rtl' =>
  LOCALES.find((locale) => locale.code === code)?.dir ?? 'ltr';

/** The best interface language for a list of language tags in order of preference (as
 * `navigator.languages` or Accept-Language give them): `de-AT` is served by `de`. */
export const localeMatch = (tags: readonly string[]): Locale | null => {
  for (const tag of tags) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (isLocale(base)) return base;
  }
  return null;
};
