import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import type { EntryClaim, RegisteredEntry } from '@/lib/swiss/registered-entries';
import { swissKeys } from '@/lib/swiss/swiss-keys';
import { CLAIM_POLL_MS, SwissEntryClaim } from '@/features/swiss-event/components/swiss-entry-claim';
import { buildTournament } from '@/testing/data';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const BASE = 'http://localhost/api/tournaments/swiss/7';

const entry = (overrides: Partial<RegisteredEntry>): RegisteredEntry => ({
  id: 1,
  name: 'Carlsen, Magnus',
  fide_id: '1503014',
  federation: 'NOR',
  title: 'GM',
  birth_year: 1990,
  sex: 'm',
  rating: 2830,
  rating_kind: 'fide',
  username: null,
  ...overrides,
});

const waitingClaim = (id: number, entryId: number, name: string, username = 'alice'): EntryClaim => ({
  id,
  entry: entryId,
  name,
  username,
  status: 'waiting',
  created_at: '2026-11-23T18:00:00Z',
  decided_at: null,
});

const rejectedClaim = (id: number, entryId: number, name: string): EntryClaim => ({
  ...waitingClaim(id, entryId, name),
  status: 'rejected',
  decided_at: '2026-11-23T18:30:00Z',
});

/**
 * The registered entries and the claims (the list answers what the API lets the user see);
 * `refuse` answers the next claim with an error, `hold` delays it. A claim on an entry whose
 * claim was rejected makes that claim wait again, as the API does.
 */
const serveApi = (entries: RegisteredEntry[], waiting: EntryClaim[] = []) => {
  const state = {
    entries,
    waiting,
    reads: 0,
    claimReads: 0,
    claims: [] as { entry: number; csrf: string | null }[],
    withdrawn: [] as number[],
    refuse: null as { status: number; body: object } | null,
    hold: null as Promise<void> | null,
  };
  server.use(
    http.get('http://localhost/api/auth/csrf/', () => {
      document.cookie = 'csrftoken=token123; path=/';
      return HttpResponse.json({ csrf_token: 'token123' });
    }),
    http.get(`${BASE}/registered/`, () => {
      state.reads += 1;
      return HttpResponse.json(state.entries);
    }),
    http.get(`${BASE}/registered/claims/`, () => {
      state.claimReads += 1;
      return HttpResponse.json(state.waiting);
    }),
    http.post(`${BASE}/registered/:entry/claim/`, async ({ params, request }) => {
      if (state.hold) await state.hold;
      if (state.refuse) return HttpResponse.json(state.refuse.body, { status: state.refuse.status });
      const id = Number(params.entry);
      state.claims.push({ entry: id, csrf: request.headers.get('X-CSRFToken') });
      const earlier = state.waiting.find((row) => row.entry === id && row.username === 'alice');
      const created = waitingClaim(earlier?.id ?? 40 + id, id, state.entries.find((row) => row.id === id)?.name ?? '');
      state.waiting = [...state.waiting.filter((row) => row !== earlier), created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.delete(`${BASE}/registered/claims/:claim/`, ({ params }) => {
      state.withdrawn.push(Number(params.claim));
      state.waiting = state.waiting.filter((row) => row.id !== Number(params.claim));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return state;
};

const ENTRIES = [
  entry({}),
  entry({ id: 2, name: 'Hou, Yifan', federation: 'CHN', rating: 2630, sex: 'f' }),
  entry({ id: 3, name: 'Linked, Already', username: 'bob' }),
];

const otb = buildTournament({ mode: 'otb', status: 'scheduled', current_round: 0 });

const choose = async (name: string) => {
  const select = await screen.findByRole('combobox', { name: 'Registered player' });
  await userEvent.selectOptions(select, screen.getByRole('option', { name }));
  return select;
};

/** Claims Carlsen; then the arbiter decides (the claim leaves the list, the entry turns to
 * `linkedTo`; `rejected`: the claim stays, rejected) and the claims are read again, as the poll
 * does. */
const claimThenDecide = async (linkedTo: string | null | 'rejected') => {
  const api = serveApi(ENTRIES);
  const { queryClient } = renderWithProviders(<SwissEntryClaim tournament={otb} username="alice" />);
  queryClient.setQueryData(swissKeys.detail(7), otb);
  await choose('Carlsen, Magnus · 2830 · NOR');
  await userEvent.click(screen.getByRole('button', { name: 'Claim entry' }));
  await screen.findByText(/Claim sent/);
  if (linkedTo === 'rejected') api.waiting = api.waiting.map((row) => ({ ...row, status: 'rejected', decided_at: '2026-11-23T18:30:00Z' }));
  else {
    api.waiting = [];
    api.entries = ENTRIES.map((row) => (row.id === 1 ? { ...row, username: linkedTo } : row));
  }
  await queryClient.refetchQueries({ queryKey: swissKeys.claims(7), exact: true });
  return { api, queryClient };
};

describe('SwissEntryClaim', () => {
  it('lists the unlinked entries; a claim is sent with the CSRF token, then waits and can be withdrawn', async () => {
    const api = serveApi(ENTRIES);
    renderWithProviders(<SwissEntryClaim tournament={otb} username="alice" />);
    expect(await screen.findByRole('heading', { name: 'Are you one of the registered players? Claim your entry' })).toBeInTheDocument();
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Choose your name…', 'Carlsen, Magnus · 2830 · NOR', 'Hou, Yifan · 2630 · CHN']);
    const submit = screen.getByRole('button', { name: 'Claim entry' });
    expect(submit).toBeDisabled();

    await choose('Hou, Yifan · 2630 · CHN');
    await userEvent.click(submit);
    expect(await screen.findByRole('status')).toHaveTextContent('Claim sent — waiting for the arbiter (Hou, Yifan).');
    expect(api.claims).toEqual([{ entry: 2, csrf: 'token123' }]);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Withdraw claim' }));
    expect(await screen.findByRole('combobox', { name: 'Registered player' })).toBeInTheDocument();
    expect(api.withdrawn).toEqual([42]);
    // One's own withdrawal is not reported as a decision.
    expect(screen.queryByText(/declined|closed/)).not.toBeInTheDocument();
  });

  it('after a reload the waiting claim comes from the claims list, and it can be withdrawn', async () => {
    // A leader's list holds others' claims too: only the user's own counts.
    const api = serveApi(ENTRIES, [waitingClaim(50, 1, 'Carlsen, Magnus', 'bob'), waitingClaim(51, 2, 'Hou, Yifan')]);
    renderWithProviders(<SwissEntryClaim tournament={otb} username="alice" />);
    expect(await screen.findByRole('status')).toHaveTextContent('Claim sent — waiting for the arbiter (Hou, Yifan).');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw claim' }));
    expect(await screen.findByRole('combobox', { name: 'Registered player' })).toBeInTheDocument();
    expect(api.withdrawn).toEqual([51]);
    expect(screen.queryByText(/declined/)).not.toBeInTheDocument();
  });

  it("others' claims alone: the form, not a waiting claim", async () => {
    serveApi(ENTRIES, [waitingClaim(50, 1, 'Carlsen, Magnus', 'bob')]);
    renderWithProviders(<SwissEntryClaim tournament={otb} username="alice" />);
    expect(await screen.findByRole('combobox', { name: 'Registered player' })).toBeInTheDocument();
    expect(screen.queryByText(/Claim sent/)).not.toBeInTheDocument();
  });

  it('pending: the button says so and cannot be pressed twice', async () => {
    const api = serveApi(ENTRIES);
    let release = () => {};
    api.hold = new Promise((resolve) => {
      release = resolve;
    });
    renderWithProviders(<SwissEntryClaim tournament={otb} username="alice" />);
    await choose('Carlsen, Magnus · 2830 · NOR');
    await userEvent.click(screen.getByRole('button', { name: 'Claim entry' }));
    const sending = await screen.findByRole('button', { name: 'Sending claim…' });
    expect(sending).toBeDisabled();
    release();
    expect(await screen.findByText(/Claim sent — waiting for the arbiter/)).toBeInTheDocument();
    expect(api.claims).toHaveLength(1);
  });

  it.each([
    [400, { message: 'Invalid input.', extra: { fields: { entry: ['alice already plays in this event (as alice).'] } } }, 'alice already plays in this event (as alice).'],
    [400, { message: 'You have already claimed this entry.', extra: {} }, 'You have already claimed this entry.'],
    [403, { message: 'You do not have permission to perform this action.', extra: {} }, 'You do not have permission to perform this action.'],
    [409, { message: 'Carlsen, Magnus is already linked to a user.', extra: {} }, 'Carlsen, Magnus is already linked to a user.'],
  ])('a %i refusal is shown next to the field, which is marked invalid', async (status, body, shown) => {
    const api = serveApi(ENTRIES);
    api.refuse = { status, body };
    renderWithProviders(<SwissEntryClaim tournament={otb} username="alice" />);
    const select = await choose('Carlsen, Magnus · 2830 · NOR');
    await userEvent.click(screen.getByRole('button', { name: 'Claim entry' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(shown);
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription(shown);
    expect(screen.queryByText(/Claim sent/)).not.toBeInTheDocument();
    // Choosing again clears the refusal.
    await choose('Hou, Yifan · 2630 · CHN');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('approved: the claim leaves the list, the entries are read again and show it linked to the user, and the whole event is read again', async () => {
    const { api, queryClient } = await claimThenDecide('alice');
    expect(await screen.findByText('Claim approved — loading your entry…')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryState(swissKeys.detail(7))?.isInvalidated).toBe(true));
    expect(api.reads).toBeGreaterThanOrEqual(2);
  });

  it('declined while the page is open: the claim turns rejected on the next read; dismissed, it goes', async () => {
    const { api } = await claimThenDecide('rejected');
    expect(await screen.findByText('Your claim was declined (Carlsen, Magnus).')).toHaveRole('status');
    expect(api.reads).toBe(1); // the list says it: the entries are not read again
    expect(screen.getByRole('combobox', { name: 'Registered player' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText(/declined/)).not.toBeInTheDocument());
    expect(api.withdrawn).toEqual([41]);
  });

  it('a rejected claim is shown after a reload, the form with it; claiming the entry again makes it wait', async () => {
    const api = serveApi(ENTRIES, [waitingClaim(50, 2, 'Hou, Yifan', 'bob'), rejectedClaim(51, 1, 'Carlsen, Magnus')]);
    const { queryClient } = renderWithProviders(<SwissEntryClaim tournament={otb} username="alice" />);
    expect(await screen.findByText('Your claim was declined (Carlsen, Magnus).')).toHaveRole('status');
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeEnabled();
    await choose('Carlsen, Magnus · 2830 · NOR');
    await userEvent.click(screen.getByRole('button', { name: 'Claim entry' }));
    expect(await screen.findByText('Claim sent — waiting for the arbiter (Carlsen, Magnus).')).toBeInTheDocument();
    expect(screen.queryByText(/declined/)).not.toBeInTheDocument();
    expect(api.waiting.map((row) => [row.id, row.status])).toEqual([
      [50, 'waiting'],
      [51, 'waiting'],
    ]);
    // The same claim rejected again, while the page is open: told again.
    api.waiting = api.waiting.map((row) => (row.id === 51 ? rejectedClaim(51, 1, 'Carlsen, Magnus') : row));
    await queryClient.refetchQueries({ queryKey: swissKeys.claims(7), exact: true });
    expect(await screen.findByText('Your claim was declined (Carlsen, Magnus).')).toHaveRole('status');
    expect(screen.queryByText(/Claim sent/)).not.toBeInTheDocument();
  });

  it('a rejected claim dismissed after a reload is deleted, and the form stays', async () => {
    const api = serveApi(ENTRIES, [rejectedClaim(51, 1, 'Carlsen, Magnus')]);
    renderWithProviders(<SwissEntryClaim tournament={otb} username="alice" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText(/declined/)).not.toBeInTheDocument());
    expect(api.withdrawn).toEqual([51]);
    expect(api.waiting).toEqual([]);
    expect(screen.getByRole('combobox', { name: 'Registered player' })).toBeInTheDocument();
  });

  it("declined, a leader's own claim: it leaves their list while the entry stays unlinked; the form is offered again", async () => {
    await claimThenDecide(null);
    expect(await screen.findByText('Your claim was declined (Carlsen, Magnus).')).toHaveRole('status');
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Choose your name…', 'Carlsen, Magnus · 2830 · NOR', 'Hou, Yifan · 2630 · CHN']);
    await choose('Hou, Yifan · 2630 · CHN');
    await userEvent.click(screen.getByRole('button', { name: 'Claim entry' }));
    expect(await screen.findByText('Claim sent — waiting for the arbiter (Hou, Yifan).')).toBeInTheDocument();
    expect(screen.queryByText(/declined/)).not.toBeInTheDocument();
  });

  it('while the claim waits the claims are read every CLAIM_POLL_MS, and no longer once it is decided', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = serveApi(ENTRIES);
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderWithProviders(<SwissEntryClaim tournament={otb} username="alice" />);
      await user.selectOptions(await screen.findByRole('combobox', { name: 'Registered player' }), '1');
      await user.click(screen.getByRole('button', { name: 'Claim entry' }));
      await screen.findByText(/Claim sent/);
      const sent = api.claimReads; // the first read, and the one after the claim
      expect(api.reads).toBe(1);
      await vi.advanceTimersByTimeAsync(CLAIM_POLL_MS);
      await waitFor(() => expect(api.claimReads).toBe(sent + 1));
      expect(api.reads).toBe(1); // the entries are not polled
      api.waiting = [];
      api.entries = ENTRIES.map((row) => (row.id === 1 ? { ...row, username: 'alice' } : row));
      await vi.advanceTimersByTimeAsync(CLAIM_POLL_MS);
      expect(await screen.findByText('Claim approved — loading your entry…')).toBeInTheDocument();
      const decided = api.claimReads;
      await vi.advanceTimersByTimeAsync(3 * CLAIM_POLL_MS);
      expect(api.claimReads).toBe(decided);
    } finally {
      vi.useRealTimers();
    }
  });

  it('closed: the arbiter linked the claimed entry to someone else', async () => {
    await claimThenDecide('carol');
    expect(await screen.findByText('Your claim on Carlsen, Magnus was closed: the arbiter linked or removed that entry.')).toBeInTheDocument();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose your name…', 'Hou, Yifan · 2630 · CHN']);
  });

  it.each([
    ['an online event', buildTournament({ mode: 'online', status: 'scheduled' })],
    ['a finished event', buildTournament({ mode: 'otb', status: 'finished' })],
  ])('nothing (and no request) on %s', async (_, tournament) => {
    const api = serveApi(ENTRIES);
    const { container } = renderWithProviders(<SwissEntryClaim tournament={tournament} username="alice" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container).toBeEmptyDOMElement();
    expect(api.reads + api.claimReads).toBe(0);
  });

  it("a leader's offer links nothing until the user confirms it", async () => {
    const offer: EntryClaim = { ...waitingClaim(50, 1, 'Carlsen, Magnus'), status: 'offered' };
    const api = serveApi(ENTRIES, [offer, { ...offer, id: 51, entry: 2, name: 'Hou, Yifan', username: 'carol' }]);
    const confirmed: number[] = [];
    server.use(
      http.post(`${BASE}/registered/claims/:claim/approve/`, ({ params }) => {
        confirmed.push(Number(params.claim));
        api.waiting = [];
        api.entries = ENTRIES.map((row) => (row.id === 1 ? { ...row, username: 'alice' } : row));
        return HttpResponse.json(api.entries[0]);
      }),
    );
    renderWithProviders(<SwissEntryClaim tournament={otb} username="alice" />);
    expect(await screen.findByRole('status')).toHaveTextContent('The arbiter offers you the entry Carlsen, Magnus');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm: I am Carlsen, Magnus' }));
    await waitFor(() => expect(confirmed).toEqual([50]));
    expect(api.withdrawn).toEqual([]);
  });

  it('declining an offer deletes it and shows the claim form again', async () => {
    const offer: EntryClaim = { ...waitingClaim(50, 1, 'Carlsen, Magnus'), status: 'offered' };
    const api = serveApi(ENTRIES, [offer]);
    renderWithProviders(<SwissEntryClaim tournament={otb} username="alice" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('combobox', { name: 'Registered player' })).toBeInTheDocument();
    expect(api.withdrawn).toEqual([50]);
  });

  it('nothing when every registered entry is linked already', async () => {
    const api = serveApi([entry({ username: 'bob' })]);
    const { container } = renderWithProviders(<SwissEntryClaim tournament={otb} username="alice" />);
    await waitFor(() => expect(api.reads).toBe(1));
    expect(container).toBeEmptyDOMElement();
  });
});
