import { useLocation, useSearch } from 'wouter';

import { useLocationHash } from '@/lib/app-location';
import { authPath } from '@/lib/next-path';

/** The login (or register) path that returns to the current page afterwards. */
export const useAuthPath = (page: '/login' | '/register' = '/login'): string => {
  const [pathname] = useLocation();
  const search = useSearch();
  const hash = useLocationHash();
  return authPath(page, { pathname, search: search && `?${search}`, hash });
};
