import { useLingui } from '@lingui/react';

import { isLocale, localeDirection } from '@/lib/i18n/locales';

/** The arrow of "before → after" that points the way the interface language reads: "←" in a
 * right-to-left language (kept as text, so a line reads as one string). */
export const useForwardArrow = () => {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) && localeDirection(i18n.locale) === 'rtl' ? '←' : '→';
};
