import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { ApiTokens } from '@/features/account/components/api-tokens';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const TOKENS = 'http://localhost/api/auth/tokens/';

describe('ApiTokens', () => {
  it('creates a token, shows its secret once, lists and revokes it', async () => {
    const tokens = [{ id: 1, name: 'old bot', prefix: 'arb_aaaa', created_at: '2026-11-01T10:00:00Z', last_used_at: null }];
    server.use(
      http.get('http://localhost/api/auth/csrf/', () => HttpResponse.json({ csrf_token: 't' })),
      http.get(TOKENS, () => HttpResponse.json(tokens)),
      http.post(TOKENS, async ({ request }) => {
        const { name } = (await request.json()) as { name: string };
        if (name === 'old bot')
          return HttpResponse.json(
            { message: 'Invalid input: You already have a token with that name.', extra: { fields: { name: ['You already have a token with that name.'] } } },
            { status: 400 },
          );
        return HttpResponse.json(
          { id: 2, name, prefix: 'arb_bbbb', created_at: '2026-11-23T10:00:00Z', last_used_at: null, token: 'arb_bbbb_secret' },
          { status: 201 },
        );
      }),
      http.delete(`${TOKENS}1/`, () => new HttpResponse(null, { status: 204 })),
    );
    renderWithProviders(<ApiTokens />);
    expect(await screen.findByRole('heading', { name: 'API tokens' })).toBeInTheDocument();
    const name = screen.getByLabelText('Token name');

    await userEvent.type(name, 'old bot');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('You already have a token with that name.')).toBeInTheDocument();

    await userEvent.clear(name);
    await userEvent.type(name, 'scores bot');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('arb_bbbb_secret')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Your API tokens' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('scores bot'),
      expect.stringContaining('old bot'),
    ]);
    expect(name).toHaveValue('');

    const old = within(list).getAllByRole('listitem')[1]!;
    await userEvent.click(within(old).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(list).toHaveTextContent('scores bot');
  });
});
