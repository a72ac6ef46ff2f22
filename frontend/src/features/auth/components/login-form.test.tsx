import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { authKeys } from '@/lib/auth-keys';
import { LoginForm } from '@/features/auth/components/login-form';
import { RegisterForm } from '@/features/auth/components/register-form';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const csrf = http.get('http://localhost/api/auth/csrf/', () => {
  document.cookie = 'csrftoken=abc; path=/';
  return HttpResponse.json({ csrf_token: 'abc' });
});

describe('credentials forms', () => {
  it('logs in, stores the user and reports success', async () => {
    const onSuccess = vi.fn();
    server.use(
      csrf,
      http.post('http://localhost/api/auth/login/', async ({ request }) => {
        expect(request.headers.get('X-CSRFToken')).toBe('abc');
        expect(await request.json()).toEqual({ username: 'alice', password: 'pw' });
        return HttpResponse.json({ id: 1, username: 'alice', email: '', is_staff: false });
      }),
    );
    const { queryClient } = renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await userEvent.type(screen.getByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(queryClient.getQueryData(authKeys.me())).toMatchObject({ username: 'alice' });
  });

  it('shows a refused login above the button and checks empty fields before sending', async () => {
    server.use(
      csrf,
      http.post('http://localhost/api/auth/login/', () =>
        HttpResponse.json({ message: 'Wrong username or password.', extra: {} }, { status: 400 }),
      ),
    );
    renderWithProviders(<LoginForm onSuccess={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByLabelText('Username')).toHaveAccessibleDescription('Enter a username.');
    await userEvent.type(screen.getByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password.');
  });

  it('puts the API’s field message under the field it concerns', async () => {
    server.use(
      csrf,
      http.post('http://localhost/api/auth/register/', () =>
        HttpResponse.json(
          {
            message: 'Invalid input: A user with that username already exists.',
            extra: { fields: { username: ['A user with that username already exists.'] } },
          },
          { status: 400 },
        ),
      ),
    );
    renderWithProviders(<RegisterForm onSuccess={() => {}} />);
    await userEvent.type(screen.getByLabelText('Username'), 'alice');
    await userEvent.type(screen.getByLabelText('Password'), 'long-password');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('A user with that username already exists.'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
