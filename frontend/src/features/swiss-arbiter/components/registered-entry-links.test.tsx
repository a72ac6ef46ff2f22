import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import type { EntryClaim, RegisteredEntry } from '@/lib/swiss/registered-entries';
import { RegisteredEntryLinks } from '@/features/swiss-arbiter/components/registered-entry-links';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const BASE = 'http://localhost/api/tournaments/swiss/7/registered';
const entry = (id: number, name: string, username: string | null = null): RegisteredEntry => ({
  id,
  name,
  fide_id: '',
  federation: 'NOR',
  title: '',
  birth_year: null,
  sex: '',
  rating: 1800,
  rating_kind: 'fide',
  username,
});

describe('RegisteredEntryLinks', () => {
  it('approves a claim, rejects another, links an entry by username and shows a refusal', async () => {
    let entries = [entry(1, 'Olsen, Ola'), entry(2, 'Berg, Bo'), entry(3, 'Dahl, Di', 'dahl')];
    let claims: EntryClaim[] = [
      { id: 10, entry: 1, name: 'Olsen, Ola', username: 'ola', status: 'waiting', created_at: '2026-11-23T10:00:00Z', decided_at: null },
      { id: 11, entry: 1, name: 'Olsen, Ola', username: 'impostor', status: 'waiting', created_at: '2026-11-23T10:05:00Z', decided_at: null },
    ];
    const calls: string[] = [];
    server.use(
      http.get('http://localhost/api/auth/csrf/', () => HttpResponse.json({ csrf_token: 't' })),
      http.get(`${BASE}/`, () => HttpResponse.json(entries)),
      http.get(`${BASE}/claims/`, () => HttpResponse.json(claims)),
      http.delete(`${BASE}/claims/11/`, () => {
        calls.push('reject 11');
        claims = claims.filter((claim) => claim.id !== 11);
        return new HttpResponse(null, { status: 204 });
      }),
      http.post(`${BASE}/claims/10/approve/`, () => {
        calls.push('approve 10');
        entries = entries.map((e) => (e.id === 1 ? { ...e, username: 'ola' } : e));
        claims = [];
        return HttpResponse.json(entries[0]);
      }),
      http.post(`${BASE}/2/link/`, async ({ request }) => {
        const { username } = (await request.json()) as { username: string };
        calls.push(`link 2 ${username}`);
        if (username === 'ola')
          return HttpResponse.json(
            { message: 'Invalid input', extra: { fields: { username: ['ola already plays in this event (as ola).'] } } },
            { status: 400 },
          );
        const offer: EntryClaim = { id: 12, entry: 2, name: 'Berg, Bo', username, status: 'offered', created_at: '2026-01-01T00:00:00Z', decided_at: null };
        claims = [...claims, offer];
        return HttpResponse.json(offer, { status: 201 });
      }),
      http.delete(`${BASE}/claims/12/`, () => {
        calls.push('withdraw 12');
        claims = claims.filter((claim) => claim.id !== 12);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderWithProviders(<RegisteredEntryLinks tournamentId={7} />);
    const list = await screen.findByRole('list', { name: 'Registered players' });
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('Dahl, Di linked to dahl');
    await screen.findByText('claimed by impostor');

    await userEvent.click(screen.getByRole('button', { name: "Reject impostor's claim on Olsen, Ola" }));
    await waitFor(() => expect(screen.queryByText('claimed by impostor')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Approve ola as Olsen, Ola' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Olsen, Ola linked to ola'));

    const username = screen.getByLabelText('Username to offer Berg, Bo to');
    await userEvent.type(username, 'ola');
    await userEvent.click(screen.getByRole('button', { name: 'Offer Berg, Bo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ola already plays in this event (as ola).');
    await userEvent.clear(username);
    await userEvent.type(username, 'bo');
    await userEvent.click(screen.getByRole('button', { name: 'Offer Berg, Bo' }));
    // An offer links nothing: bo confirms it (or declines); the arbiter may withdraw it.
    await waitFor(() => expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('offered to bo, waiting for them to confirm'));
    expect(within(list).getAllByRole('listitem')[1]).not.toHaveTextContent('linked to bo');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw the offer of Berg, Bo to bo' }));
    await waitFor(() => expect(screen.queryByText(/offered to bo/)).not.toBeInTheDocument());
    expect(calls).toEqual(['reject 11', 'approve 10', 'link 2 ola', 'link 2 bo', 'withdraw 12']);
  });

  it('shows nothing in an event without registered players', async () => {
    server.use(
      http.get(`${BASE}/`, () => HttpResponse.json([])),
      http.get(`${BASE}/claims/`, () => HttpResponse.json([])),
    );
    const { container } = renderWithProviders(<RegisteredEntryLinks tournamentId={7} />);
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });
});
