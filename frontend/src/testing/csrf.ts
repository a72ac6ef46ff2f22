import { http, HttpResponse } from 'msw';

/** The CSRF endpoint as Django answers it: the `csrftoken` cookie set, the token in the body.
 * Unsafe requests then send it back in `X-CSRFToken` (lib/api-client.ts). */
export const csrfHandler = (token = 'token123') =>
  http.get('http://localhost/api/auth/csrf/', () => {
    document.cookie = `csrftoken=${token}; path=/`;
    return HttpResponse.json({ csrf_token: token });
  });
