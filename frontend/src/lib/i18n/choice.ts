import { isLocale, localeMatch, type Locale, SOURCE_LOCALE } from '@/lib/i18n/locales';

/** The cookie the server reads too (`LANGUAGE_COOKIE_NAME`), so the API answers a visitor's
 * errors in the language of the page they are on. */
export const LANGUAGE_COOKIE = 'arbiter_language';
const YEAR_SECONDS = 365 * 24 * 3600;

const cookieLocale = (): Locale | null => {
  const found = document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1);
  return isLocale(found) ? found : null;
};

/** The language of a first paint, before the account is read: the visitor's earlier choice
 * (the cookie), else the browser's languages, else English. A signed-in user's own setting
 * replaces it once the account arrives (`useAccountLocale`). */
export const initialLocale = (): Locale =>
  cookieLocale() ?? localeMatch(navigator.languages ?? [navigator.language]) ?? SOURCE_LOCALE;

/** Keep a choice for the next visit (and for the server's answers to this browser). */
export const localeRemember = (locale: Locale) => {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- cookie attributes, not a text
  const attributes = ['path=/', `max-age=${YEAR_SECONDS}`, 'SameSite=Lax'];
  document.cookie = [`${LANGUAGE_COOKIE}=${locale}`, ...attributes].join('; ');
};
