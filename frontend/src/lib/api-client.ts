import createClient, { type Middleware } from 'openapi-fetch';

import type { paths } from '@/lib/api-types';
import { ApiError } from '@/lib/api-error';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const readCookie = (name: string): string | null => {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
};

let csrfReady: Promise<unknown> | null = null;

/** Django sets the `csrftoken` cookie on this call; unsafe requests echo it in a header. */
const ensureCsrfCookie = (): Promise<unknown> => {
  if (readCookie('csrftoken')) return Promise.resolve();
  csrfReady ??= fetch('/api/auth/csrf/', { credentials: 'same-origin' }).finally(() => {
    csrfReady = null;
  });
  return csrfReady;
};

const csrf: Middleware = {
  async onRequest({ request }) {
    if (!UNSAFE.has(request.method)) return request;
    await ensureCsrfCookie();
    const token = readCookie('csrftoken');
    if (token) request.headers.set('X-CSRFToken', token);
    return request;
  },
};

const baseUrl = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;

// fetch is looked up per call, so tools that patch it later (tests' request interception) see it.
export const api = createClient<paths>({ baseUrl, credentials: 'same-origin', fetch: (request) => globalThis.fetch(request) });
api.use(csrf);

type FetchResult<T> = { data?: T; error?: unknown; response: Response };

/** Unwraps an openapi-fetch result: the data, or an ApiError carrying the API's message. */
export const unwrap = async <T>(request: Promise<FetchResult<T>>): Promise<T> => {
  const { data, error, response } = await request;
  if (!response.ok) throw ApiError.from(response.status, error);
  return data as T;
};
