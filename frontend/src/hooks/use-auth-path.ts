import { useLocation } from 'react-router';

import { authPath } from '@/lib/next-path';

/** The login (or register) path that returns to the current page afterwards. */
export const useAuthPath = (page: '/login' | '/register' = '/login'): string => authPath(page, useLocation());
