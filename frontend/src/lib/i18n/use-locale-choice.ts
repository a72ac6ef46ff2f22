import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { authKeys } from '@/lib/auth-keys';
import type { User } from '@/lib/auth';
import { localeActivate } from '@/lib/i18n/catalogs';
import { localeRemember } from '@/lib/i18n/choice';
import type { Locale } from '@/lib/i18n/locales';

const accountLanguageSave = async (language: Locale): Promise<User> => {
  const { data, error, response } = await api.PATCH('/api/auth/me/settings/', { body: { language } });
  if (!response.ok || !data) throw ApiError.from(response.status, error);
  return data;
};

/** The interface language and the way to change it (the header's and the account's pickers):
 * the choice is shown at once, kept in this browser for the next visit and, when signed in, on
 * the account, so every device the user signs in on (and the server's own texts) follow it. */
export const useLocaleChoice = () => {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const choose = async (locale: Locale) => {
    localeRemember(locale);
    await localeActivate(locale);
    const me = queryClient.getQueryData<User | null>(authKeys.me());
    if (me && me.language !== locale) queryClient.setQueryData(authKeys.me(), await accountLanguageSave(locale));
  };
  return { locale: i18n.locale as Locale, choose };
};
