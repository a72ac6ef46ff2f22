import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ws } from 'msw';

import { swissKeys } from '@/lib/swiss/swiss-keys';
import { SwissMyPanel } from '@/features/swiss-event/components/swiss-my-panel';
import type { Standing, Tournament } from '@/lib/swiss/types';
import type { Page } from '@/lib/page';
import { buildPairing, buildRound, buildStanding, buildTournament, page } from '@/testing/data';
import { server } from '@/testing/msw-server';
import { createTestQueryClient, renderWithProviders } from '@/testing/render-with-providers';

const BASE = 'http://localhost/api/tournaments/swiss/7';
// msw 3 matches socket addresses without their trailing slash.
const me = ws.link('ws://localhost/ws/me');

/** A small stateful API: who has joined, and the boards of round 1. `started`: a withdrawal
 * pauses the entry (200 with it), else removes it (204), as the API does. */
const useApi = ({
  entries = [] as Standing[],
  pairings = [buildPairing({ id: 100, white: 'alice', black: 'bob' })],
  password = '',
  started = true,
} = {}) => {
  const state = {
    entries: [...entries],
    pairings: [...pairings],
    bodies: [] as unknown[],
    standingsReads: [] as string[],
    // The personal socket (`/ws/me/`) the panel opens while the user may join or rejoin.
    sockets: [] as { send: (data: string) => void }[],
  };
  server.use(
    me.addEventListener('connection', ({ client }) => state.sockets.push(client)),
    http.get('http://localhost/api/auth/csrf/', () => {
      document.cookie = 'csrftoken=token123; path=/';
      return HttpResponse.json({ csrf_token: 'token123' });
    }),
    http.get(`${BASE}/standings/`, ({ request }) => {
      const url = new URL(request.url);
      state.standingsReads.push(url.search);
      const username = url.searchParams.get('username');
      return HttpResponse.json(page(username ? state.entries.filter((row) => row.username === username) : state.entries));
    }),
    http.get(`${BASE}/rounds/1/`, () => HttpResponse.json(buildRound({ pairings: state.pairings }))),
    // An over-the-board event without registered players: no claim form (swiss-entry-claim.test.tsx).
    http.get(`${BASE}/registered/`, () => HttpResponse.json([])),
    http.get(`${BASE}/registered/claims/`, () => HttpResponse.json([])),
    http.post(`${BASE}/join/`, async ({ request }) => {
      const body = (await request.json()) as { password: string };
      state.bodies.push({ join: body, csrf: request.headers.get('X-CSRFToken') });
      if (body.password !== password)
        return HttpResponse.json(
          { message: 'Invalid input: Wrong password.', extra: { fields: { password: ['Wrong password.'] } } },
          { status: 400 },
        );
      state.entries.push(buildStanding({ username: 'alice' }));
      return HttpResponse.json({ username: 'alice', rating: 1500, status: 'active', joined_after_round: 0 }, { status: 201 });
    }),
    http.post(`${BASE}/withdraw/`, () => {
      if (!started) {
        state.entries = [];
        return new HttpResponse(null, { status: 204 });
      }
      state.entries = state.entries.map((row) => ({ ...row, status: 'paused' }));
      return HttpResponse.json(participant(state.entries[0]!));
    }),
    http.post(`${BASE}/rejoin/`, () => {
      state.entries = state.entries.map((row) => ({ ...row, status: 'active' }));
      return HttpResponse.json(participant(state.entries[0]!));
    }),
    http.post(`${BASE}/request-bye/`, async ({ request }) => HttpResponse.json(await request.json(), { status: 201 })),
    http.post(`${BASE}/pairings/100/result/`, async ({ request }) => {
      const { result } = (await request.json()) as { result: string };
      state.bodies.push({ result });
      state.pairings = state.pairings.map((board) => (board.id === 100 ? { ...board, result } : board));
      return HttpResponse.json(state.pairings[0]);
    }),
  );
  return state;
};

const participant = ({ username, rating, status }: Standing) => ({ username, rating, status, joined_after_round: 0 });

const panel = () => screen.findByRole('region', { name: 'Your event' });

describe('SwissMyPanel', () => {
  it('signed out: points to the login page', async () => {
    renderWithProviders(<SwissMyPanel tournament={buildTournament()} username={null} isTeamMember={undefined} />);
    const region = await panel();
    expect(within(region).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(region).queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
  });

  it('while the session is being checked: neither a login link nor a Join button', async () => {
    renderWithProviders(<SwissMyPanel tournament={buildTournament()} username={undefined} isTeamMember={undefined} />);
    const region = await panel();
    expect(within(region).getByRole('status')).toHaveTextContent('Checking your account…');
    expect(within(region).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('not in the team: says who may join', async () => {
    useApi();
    renderWithProviders(<SwissMyPanel tournament={buildTournament()} username="alice" isTeamMember={false} />);
    expect(await screen.findByText(/can join this event/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
  });

  it('can join: one button, sent with the CSRF token, then the joined state', async () => {
    const api = useApi();
    renderWithProviders(<SwissMyPanel tournament={buildTournament({ has_password: false, current_round: 0, status: 'scheduled' })} username="alice" isTeamMember />);
    const region = await panel();
    await userEvent.click(await within(region).findByRole('button', { name: 'Join' }, { timeout: 5000 }));
    expect(await within(region).findByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(within(region).queryByLabelText('Password')).not.toBeInTheDocument();
    expect(api.bodies).toEqual([{ join: { password: '' }, csrf: 'token123' }]);
  });

  it('password: a wrong one shows the API’s message under the field, the right one joins', async () => {
    useApi({ password: 'secret' });
    renderWithProviders(<SwissMyPanel tournament={buildTournament({ has_password: true })} username="alice" isTeamMember />);
    const region = await panel();
    const password = await within(region).findByLabelText('Password');
    await userEvent.type(password, 'guess');
    await userEvent.click(within(region).getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('Wrong password.'));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(password);
    await userEvent.type(password, 'secret');
    await userEvent.click(within(region).getByRole('button', { name: 'Join' }));
    expect(await within(region).findByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
  });

  it('can join a started event: one filtered standings read finds no entry', async () => {
    const api = useApi({ pairings: [buildPairing({ id: 100, white: 'carol', black: 'dave' })] });
    renderWithProviders(<SwissMyPanel tournament={buildTournament({ current_round: 1 })} username="alice" isTeamMember />);
    expect(await within(await panel()).findByRole('button', { name: 'Join' })).toBeEnabled();
    expect(api.standingsReads).toEqual(['?username=alice']);
  });

  it('joined: withdraw, request a bye for the next round', async () => {
    useApi({ entries: [buildStanding({ username: 'alice' })], pairings: [] });
    renderWithProviders(<SwissMyPanel tournament={buildTournament({ current_round: 1 })} username="alice" isTeamMember />);
    const region = await panel();
    await userEvent.click(await within(region).findByRole('button', { name: 'Request a bye' }));
    expect(await within(region).findByText('Half-point bye requested for round 2.')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Withdraw' }));
    // A second step: "Cancel" keeps the entry; "Yes, withdraw" withdraws.
    await userEvent.click(within(region).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(region).getByRole('button', { name: 'Withdraw' }));
    await userEvent.click(within(region).getByRole('button', { name: 'Yes, withdraw' }));
    expect(await within(region).findByRole('button', { name: 'Rejoin' })).toBeInTheDocument();
  });

  it('withdrawn: rejoin brings the player back', async () => {
    useApi({ entries: [buildStanding({ username: 'alice', status: 'paused' })] });
    renderWithProviders(<SwissMyPanel tournament={buildTournament()} username="alice" isTeamMember />);
    const region = await panel();
    expect(await within(region).findByText(/You have withdrawn/)).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Rejoin' }));
    expect(await within(region).findByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
  });

  it('paused: says why, as the entry records it, and from which round a rejoin plays', async () => {
    const paused = (reason: Standing['pause_reason']) => ({ entries: [buildStanding({ username: 'alice', status: 'paused', pause_reason: reason })] });
    const said = async (tournament: Tournament) => {
      const view = renderWithProviders(<SwissMyPanel tournament={tournament} username="alice" isTeamMember />);
      const region = await panel();
      const text = (await within(region).findAllByText(/./, { selector: 'p' }))[0]!.textContent;
      const rejoin = within(region).queryByRole('button', { name: 'Rejoin' }) !== null;
      view.unmount();
      return [text, rejoin];
    };
    const running = buildTournament({ current_round: 1, num_rounds: 5 });
    useApi(paused('no_check_in'));
    expect(await said(running)).toEqual(['You did not check in for round 1, so you were not paired; rejoin to play from round 2.', true]);
    expect(await said(buildTournament({ current_round: 3, num_rounds: 5 }))).toEqual([
      'You did not check in for round 1, so you were not paired; rejoin to play from round 4.',
      true,
    ]);
    // No round left to play: nothing to rejoin for.
    expect(await said(buildTournament({ current_round: 5, num_rounds: 5 }))).toEqual(['You did not check in for round 1, so you were not paired.', false]);
    useApi(paused('arbiter'));
    expect(await said(running)).toEqual(['The arbiter withdrew you from this event; rejoin to play from round 2.', true]);
    useApi(paused('no_show'));
    expect((await said(running))[0]).toMatch(/recorded you as a no-show.*once your no-show ban has ended/);
    useApi(paused('withdrew'));
    expect(await said(running)).toEqual(['You have withdrawn from this event; rejoin to play from round 2.', true]);
  });

  it('withdrawn before the start: the answer (204) removes the entry, the join form is back, nothing is read again', async () => {
    const api = useApi({ entries: [buildStanding({ username: 'alice' })], pairings: [], started: false });
    const scheduled = buildTournament({ status: 'scheduled', current_round: 0, participant_count: 1 });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(swissKeys.detail(7), scheduled);
    renderWithProviders(<SwissMyPanel tournament={scheduled} username="alice" isTeamMember />, { queryClient });
    const region = await panel();
    await userEvent.click(await within(region).findByRole('button', { name: 'Withdraw' }));
    await userEvent.click(within(region).getByRole('button', { name: 'Yes, withdraw' }));
    expect(await within(region).findByRole('button', { name: 'Join' }, { timeout: 5000 })).toBeInTheDocument();
    expect(api.standingsReads).toEqual(['?username=alice']);
    expect(queryClient.getQueryData<Tournament>(swissKeys.detail(7))?.participant_count).toBe(0);
  });

  it('the own row from the cached first page (never fetched by the panel); a withdrawal writes its answer there', async () => {
    const api = useApi({ entries: [buildStanding({ username: 'alice' })], pairings: [] });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(swissKeys.standingsPage(7, 1), page([buildStanding({ username: 'bob', rank: 1 }), buildStanding({ username: 'alice', rank: 2 })], 2));
    queryClient.setQueryData(swissKeys.detail(7), buildTournament({ participant_count: 2 }));
    renderWithProviders(<SwissMyPanel tournament={buildTournament()} username="alice" isTeamMember />, { queryClient });
    const region = await panel();
    await userEvent.click(await within(region).findByRole('button', { name: 'Withdraw' }));
    await userEvent.click(within(region).getByRole('button', { name: 'Yes, withdraw' }));
    expect(await within(region).findByRole('button', { name: 'Rejoin' })).toBeInTheDocument();
    const first = queryClient.getQueryData<Page<Standing>>(swissKeys.standingsPage(7, 1));
    expect(first?.results.map((row) => [row.username, row.status])).toEqual([
      ['bob', 'active'],
      ['alice', 'paused'],
    ]);
    // Paused, not removed: the head count stays, and the standings wait for the push.
    expect(queryClient.getQueryData<Tournament>(swissKeys.detail(7))?.participant_count).toBe(2);
    expect(queryClient.getQueryState(swissKeys.standingsPage(7, 1))?.isInvalidated).toBe(false);
    expect(api.standingsReads).toEqual([]);
  });

  it('paired: this round’s opponent and colour, from either side of the board', async () => {
    useApi({ entries: [buildStanding({ username: 'bob' })] });
    renderWithProviders(<SwissMyPanel tournament={buildTournament({ current_round: 1 })} username="bob" isTeamMember />);
    expect(await screen.findByText((_, element) => element?.tagName === 'P' && /You play Black against alice/.test(element.textContent ?? ''))).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Report your result' })).toBeInTheDocument();
  });

  it('result reported: "I won" as White sends 1-0 and shows the result', async () => {
    const api = useApi({ entries: [buildStanding({ username: 'alice' })] });
    renderWithProviders(<SwissMyPanel tournament={buildTournament({ current_round: 1 })} username="alice" isTeamMember />);
    expect(await screen.findByText((_, element) => element?.tagName === 'P' && /You play White against bob/.test(element.textContent ?? ''))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'I won' }));
    expect(api.bodies).toEqual([]); // nothing sent before the second step
    await userEvent.click(screen.getByRole('button', { name: 'Yes, I won' }));
    expect(await screen.findByText(/^Result: 1-0\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'I won', pressed: true })).toBeDisabled();
    // The opponent may still report otherwise (the board then goes to the arbiter).
    expect(screen.getByRole('button', { name: 'I lost', pressed: false })).toBeEnabled();
    expect(api.bodies).toEqual([{ result: '1-0' }]);
  });

  it('a disputed board waits for the arbiter; a forfeit set by the arbiter takes no report', async () => {
    const disputed = buildPairing({ id: 100, white: 'alice', black: 'bob', disputed: true, white_report: '1-0', black_report: '1/2-1/2' });
    useApi({ entries: [buildStanding({ username: 'alice' })], pairings: [disputed] });
    const first = renderWithProviders(<SwissMyPanel tournament={buildTournament({ current_round: 1 })} username="alice" isTeamMember />);
    expect(await screen.findByText(/You reported that you won \(1-0\); bob reported a draw \(½-½\)\. The arbiter will decide\./)).toBeInTheDocument();
    // The API refuses another report on a disputed board: no buttons to press.
    expect(screen.queryByRole('group', { name: 'Report your result' })).not.toBeInTheDocument();
    first.unmount();
    useApi({ entries: [buildStanding({ username: 'alice' })], pairings: [buildPairing({ id: 100, white: 'alice', black: 'bob', result: '-+' })] });
    renderWithProviders(<SwissMyPanel tournament={buildTournament({ current_round: 1 })} username="alice" isTeamMember />);
    expect(await screen.findByText(/^Result: -\/\+\./)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Report your result' })).not.toBeInTheDocument();
  });

  it('a bye this round is said as such', async () => {
    useApi({ entries: [buildStanding({ username: 'carol' })] });
    server.use(http.get(`${BASE}/rounds/1/`, () => HttpResponse.json(buildRound({ byes: [{ username: 'carol', kind: 'U', not_yet_joined: false }] }))));
    renderWithProviders(<SwissMyPanel tournament={buildTournament({ current_round: 1 })} username="carol" isTeamMember />);
    expect(await screen.findByText('You have a pairing bye this round (1 point).')).toBeInTheDocument();
  });
});

const BAN = 'You are banned from this team’s Swiss events until 2026-11-30 18:00 UTC after a no-show.';

/** A refusal for the banned user until `lift` is called, then the usual answer. */
const banned = (path: string) => {
  let active = true;
  server.use(
    http.post(`${BASE}/${path}/`, () => (active ? HttpResponse.json({ message: BAN, extra: { banned_until: '2026-11-30T18:00:00Z' } }, { status: 400 }) : undefined)),
  );
  return () => {
    active = false;
  };
};

const push = (api: ReturnType<typeof useApi>, team: string) =>
  api.sockets.forEach((socket) => socket.send(JSON.stringify({ event: 'ban_lifted', payload: { tournament: 9, team } })));

describe('SwissMyPanel: a lifted no-show ban', () => {
  it('withdrawn after a no-show: the ban refuses the rejoin; the lift (pushed on /ws/me/) clears it, reads the entry again and says so', async () => {
    const api = useApi({ entries: [buildStanding({ username: 'alice', status: 'paused' })] });
    const lift = banned('rejoin');
    renderWithProviders(<SwissMyPanel tournament={buildTournament()} username="alice" isTeamMember />);
    const region = await panel();
    await userEvent.click(await within(region).findByRole('button', { name: 'Rejoin' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(BAN);
    await waitFor(() => expect(api.sockets).toHaveLength(1));
    const reads = api.standingsReads.length;

    // Another team's lift is not this event's.
    push(api, 'rooks');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(region).getByRole('alert')).toHaveTextContent(BAN);
    expect(within(region).queryByText(/ban was lifted/)).not.toBeInTheDocument();

    lift();
    push(api, 'knights');
    expect(await within(region).findByRole('status')).toHaveTextContent('Your no-show ban was lifted: you may join again.');
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(api.standingsReads.length).toBeGreaterThan(reads));
    await userEvent.click(within(region).getByRole('button', { name: 'Rejoin' }));
    expect(await within(region).findByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(within(region).queryByText(/ban was lifted/)).not.toBeInTheDocument();
  });

  it('not entered: the ban refuses the join; after the lift the form is new, without the refusal, and joins', async () => {
    const api = useApi();
    const lift = banned('join');
    renderWithProviders(<SwissMyPanel tournament={buildTournament()} username="alice" isTeamMember />);
    const region = await panel();
    await userEvent.click(await within(region).findByRole('button', { name: 'Join' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(BAN);
    await waitFor(() => expect(api.sockets).toHaveLength(1));

    lift();
    push(api, 'knights');
    expect(await within(region).findByRole('status')).toHaveTextContent('Your no-show ban was lifted: you may join again.');
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Join' }));
    expect(await within(region).findByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
  });

  it('playing, or in a finished event: no personal socket', async () => {
    const api = useApi({ entries: [buildStanding({ username: 'alice' })], pairings: [] });
    renderWithProviders(<SwissMyPanel tournament={buildTournament()} username="alice" isTeamMember />);
    expect(await within(await panel()).findByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    const finished = useApi();
    renderWithProviders(<SwissMyPanel tournament={buildTournament({ status: 'finished' })} username="alice" isTeamMember />);
    expect(await screen.findByText('You did not play in this event.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.sockets.length + finished.sockets.length).toBe(0);
  });
});
