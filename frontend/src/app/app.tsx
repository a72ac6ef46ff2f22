import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';
import { useAccountLocale } from '@/lib/i18n/use-account-locale';

const AccountLocale = () => {
  useAccountLocale();
  return null;
};

export const App = () => (
  <AppProvider>
    <AccountLocale />
    <AppRouter />
  </AppProvider>
);
