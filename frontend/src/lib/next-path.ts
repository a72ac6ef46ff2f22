/**
 * Where a login or registration returns to: `?next=` holds a path of this site. Anything else
 * (another origin, `//host`, a backslash trick, a missing value) returns to the lobby.
 */
export const safeNextPath = (search: string): string => {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/';
  return next;
};

const AUTH_PAGES = new Set(['/login', '/register']);

/** `/login` or `/register` with `?next=` set to `here` (path, query and hash), or kept when
 * already on an auth page (`search` is that page's query). */
export const authPath = (page: '/login' | '/register', here: { pathname: string; search: string; hash: string }): string => {
  const next = AUTH_PAGES.has(here.pathname) ? safeNextPath(here.search) : `${here.pathname}${here.search}${here.hash}`;
  return next === '/' ? page : `${page}?${new URLSearchParams({ next }).toString()}`;
};
