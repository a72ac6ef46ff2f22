import { useEffect } from 'react';

import { useMe } from '@/lib/auth';
import { localeActivate } from '@/lib/i18n/catalogs';
import { localeRemember } from '@/lib/i18n/choice';
import { isLocale } from '@/lib/i18n/locales';
import { i18n } from '@lingui/core';

/** A signed-in user's own language (set on another device, say) wins over this browser's: the
 * interface switches to it once the account is read, and the browser keeps it. */
export const useAccountLocale = () => {
  const language = useMe().data?.language;
  useEffect(() => {
    if (!isLocale(language) || language === i18n.locale) return;
    localeRemember(language);
    void localeActivate(language);
  }, [language]);
};
