import { expect, test } from './support/test';

const APP_PATHS = [
  '/',
  '/login',
  '/register',
  '/teams',
  '/teams/no-such-team',
  '/account',
  '/swiss/999999',
  '/swiss/not-a-number',
];

test('an unknown app path shows the app\'s own "Page not found"', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200); // the shell: the app's router decides
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('Traceback')).toHaveCount(0);
});

test('every app path is served the shell, never a server 404 or debug page', async ({ page }) => {
  for (const path of APP_PATHS) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const html = await response!.text();
    expect(html, path).toContain('<div id="root"></div>');
    expect(html, path).not.toMatch(/Traceback|Page not found \(404\)|DEBUG = True/);
    await expect(page.locator('#root > *').first(), path).toBeVisible();
  }
});

test('unknown API paths stay JSON 404s', async ({ request }) => {
  const response = await request.get('/api/no-such-endpoint/');
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ message: 'Not found.', extra: {} });
});
