import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ws } from 'msw';

import { TeamSwissPage } from '@/features/team-swiss-event/components/team-swiss-page';
import { teamSwissKeys } from '@/lib/team-swiss/team-swiss-keys';
import {
  buildBoard,
  buildMatch,
  buildTeamEntry,
  buildTeamRound,
  buildTeamStanding,
  buildTeamSwissEvent,
} from '@/lib/team-swiss/testing/builders';
import { teamTiebreakCatalogue, teamTiebreakCatalogueHandler } from '@/lib/team-swiss/testing/tiebreak-catalogue';
import { server } from '@/testing/msw-server';

const csrf = http.get('http://localhost/api/auth/csrf/', () => {
  document.cookie = 'csrftoken=t; path=/';
  return HttpResponse.json({ csrf_token: 't' });
});
import { renderWithProviders } from '@/testing/render-with-providers';

// msw matches socket addresses without their trailing slash.
const socket = ws.link('ws://localhost/ws/team-swiss/5');

const playing = buildTeamRound({
  status: 'playing',
  lineups_close_at: null,
  matches: [
    buildMatch({
      boards: [
        buildBoard({ board: 1 }),
        buildBoard({
          board: 2,
          white_team_colour: 'b',
          white: { id: 22, name: 'Player 2.2', username: 'p22', rating: 1900, tpn: 2 },
          black: { id: 12, name: 'Player 1.2', username: 'p12', rating: 1900, tpn: 1 },
        }),
      ],
    }),
  ],
});

const standings = (first: string) => ({
  version: 1,
  standings: [buildTeamStanding({ name: first, tpn: 1 }), buildTeamStanding({ rank: 2, tpn: 2, name: 'Team 2', match_points: '0.0', game_points: '0.5' })],
});

const serve = (event = buildTeamSwissEvent({ round: playing })) =>
  server.use(
    http.get('*/api/team-swiss/5/', () => HttpResponse.json(event)),
    http.get('*/api/team-swiss/5/rounds/1/', () => HttpResponse.json(playing)),
    http.get('*/api/team-swiss/5/standings/', () => HttpResponse.json(standings('Team 1'))),
    http.get('*/api/team-swiss/5/crosstable/', () => HttpResponse.json([])),
    http.get('*/api/team-swiss/5/board-scores/', () => HttpResponse.json([])),
  );

beforeEach(() => server.use(teamTiebreakCatalogueHandler));

describe('TeamSwissPage', () => {
  it("shows the round, highlights the viewer's board, writes a board result in place and reads the pages again on reload", async () => {
    const pushes: { send: (data: string) => void }[] = [];
    const urls: string[] = [];
    server.use(
      socket.addEventListener('connection', ({ client }) => {
        urls.push(client.url.search);
        client.send(JSON.stringify({ event: 'hello', payload: { event: 5, status: 'started', version: 1 } }));
        pushes.push(client);
      }),
    );
    serve();
    let live = false;
    server.use(http.get('*/api/team-swiss/5/standings/', () => HttpResponse.json(standings(live ? 'Team 1 (live)' : 'Team 1'))));
    const { queryClient } = renderWithProviders(<TeamSwissPage eventId={5} username="p12" />);

    const matches = await screen.findByRole('table', { name: 'Matches of round 1' });
    expect(within(matches).getAllByText('Team 1').length).toBeGreaterThan(0);
    // The viewer's match opens by itself on its boards; their row is marked.
    const boards = screen.getByRole('table', { name: 'Boards of table 1' });
    const mine = within(boards).getAllByRole('row').find((row) => row.getAttribute('aria-current') === 'true');
    expect(mine).toHaveTextContent('p12');
    expect(mine).toHaveTextContent('p22');
    expect(await screen.findByRole('table', { name: 'Team standings' })).toHaveTextContent('Team 1');

    await waitFor(() => expect(pushes).toHaveLength(1));
    expect(urls).toEqual(['?frames=ping']);
    const complete = buildMatch({
      complete: true,
      white_match_points: '2.0',
      black_match_points: '0.0',
      white_game_points: '1.5',
      black_game_points: '0.5',
      boards: [buildBoard({ board: 1, result: '1-0' }), { ...playing.matches[0]!.boards[1]!, result: '1/2' }],
    });
    // The board's result: written in place at once, nothing read again.
    pushes[0]?.send(JSON.stringify({ event: 'board_result', payload: complete }));
    await waitFor(() => expect(within(matches).getByText('1½ – ½')).toBeInTheDocument());
    expect(queryClient.getQueryState(teamSwissKeys.standings(5))?.isInvalidated).toBe(false);
    // The standings come with the pages a reload reads again (4 players: within 40 ms).
    live = true;
    pushes[0]?.send(JSON.stringify({ event: 'reload', payload: { version: 2 } }));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Team standings' })).toHaveTextContent('Team 1 (live)'));
  });

  it("lets the viewer confirm or dispute the opponent's report, and shows a dispute as the arbiter's", async () => {
    server.use(socket.addEventListener('connection', () => {}));
    // Board 2: p22 (White) reported 1-0; the viewer p12 has Black and has not answered.
    const reported = { ...playing.matches[0]!.boards[1]!, result: '1-0' as const, white_report: '1-0' as const };
    const round = buildTeamRound({ ...playing, matches: [buildMatch({ boards: [buildBoard({ board: 1 }), reported] })] });
    serve(buildTeamSwissEvent({ round }));
    const sent: unknown[] = [];
    server.use(
      csrf,
      http.get('*/api/team-swiss/5/rounds/1/', () => HttpResponse.json(round)),
      http.post('*/api/team-swiss/5/rounds/1/boards/1/2/result/', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ ...reported, result: '', disputed: true, black_report: '0-1' });
      }),
    );
    renderWithProviders(<TeamSwissPage eventId={5} username="p12" />);

    // The viewer's own game, from their side: the opponent's 1-0 is their loss.
    const game = await screen.findByRole('region', { name: 'Your game' });
    expect(game).toHaveTextContent('Round 1, table 1, board 2: you play Black for Team 1 against p22 (Team 2).');
    expect(game).toHaveTextContent('p22 reported that you lost (1-0). If that is right, confirm it');
    expect(within(game).getByRole('button', { name: 'Confirm: I lost' })).toBeInTheDocument();
    // Another outcome disputes it, after a second step that says so.
    await userEvent.click(within(game).getByRole('button', { name: 'I won' }));
    expect(sent).toEqual([]);
    await userEvent.click(within(game).getByRole('button', { name: 'Yes, I won (0-1): the arbiter decides' }));
    await waitFor(() => expect(sent).toEqual([{ result: '0-1' }]));
    expect(await within(game).findByText('You reported that you won (0-1); p22 reported that you lost (1-0). The arbiter will decide.')).toBeInTheDocument();
    expect(within(game).queryByRole('group', { name: 'Report your result' })).not.toBeInTheDocument();
    const boards = screen.getByRole('table', { name: 'Boards of table 1' });
    expect(within(boards).getByText('Disputed')).toBeInTheDocument();
  });

  it('shows a past round from the round selector', async () => {
    server.use(socket.addEventListener('connection', () => {}));
    const second = buildTeamRound({ number: 2, matches: [buildMatch({ round: 2, white: { tpn: 2, name: 'Team 2' }, black: { tpn: 1, name: 'Team 1' } })] });
    serve(buildTeamSwissEvent({ current_round: 2, round: second }));
    server.use(
      http.get('*/api/team-swiss/5/rounds/2/', () => HttpResponse.json(second)),
      http.get('*/api/team-swiss/5/rounds/1/', () =>
        HttpResponse.json({ ...playing, status: 'complete', matches: [{ ...playing.matches[0]!, complete: true, white_game_points: '2.0', black_game_points: '0.0' }] }),
      ),
    );
    renderWithProviders(<TeamSwissPage eventId={5} username={null} />);
    expect(await screen.findByRole('table', { name: 'Matches of round 2' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Round 1' }));
    const first = await screen.findByRole('table', { name: 'Matches of round 1' });
    expect(within(first).getByText('2 – 0')).toBeInTheDocument();
    expect(screen.getByText('Round 1 is complete.')).toBeInTheDocument();
  });

  it('says "No teams yet" and "Not paired yet" before anything happened', async () => {
    server.use(socket.addEventListener('connection', () => {}));
    serve(buildTeamSwissEvent({ status: 'created', current_round: 0, teams: [], round: null }));
    server.use(http.get('*/api/team-swiss/5/standings/', () => HttpResponse.json({ version: 0, standings: [] })));
    renderWithProviders(<TeamSwissPage eventId={5} username={null} />);
    expect(await screen.findByText('Not paired yet.')).toBeInTheDocument();
    expect(screen.getAllByText('No teams yet.').length).toBeGreaterThan(0);
    expect(screen.queryByRole('region', { name: 'Arbiter' })).not.toBeInTheDocument();
    // Signed out: nothing to register with.
    expect(screen.queryByRole('region', { name: 'Register your team' })).not.toBeInTheDocument();
  });

  it('names the tie-breaks as the server\'s catalogue does, by their codes until it is read', async () => {
    let release = () => undefined as void;
    const served = new Promise<void>((resolve) => (release = resolve));
    server.use(
      socket.addEventListener('connection', () => {}),
      http.get('*/api/team-swiss/tiebreaks/', async () => {
        await served;
        return HttpResponse.json(teamTiebreakCatalogue);
      }),
    );
    serve(buildTeamSwissEvent({ round: playing, tiebreaks: ['GP', 'EDE', 'BH/M1'] }));
    renderWithProviders(<TeamSwissPage eventId={5} username={null} />);
    // The page does not wait for the names.
    expect(await screen.findByText(/ties broken by GP, EDE, BH\/M1\./)).toBeInTheDocument();
    release();
    expect(await screen.findByText(/ties broken by Game points, Extended direct encounter, Buchholz median\./)).toBeInTheDocument();
    // A score the table shows already (GP) gets no column of its own.
    const table = await screen.findByRole('table', { name: 'Team standings' });
    expect(within(table).getByTitle('Extended direct encounter')).toHaveTextContent('EDE');
    expect(within(table).getAllByTitle('Game points')).toHaveLength(1);
  });

  it('shows a leader no "Register your team": the arbiter panel the app puts in its place registers teams', async () => {
    server.use(socket.addEventListener('connection', () => {}));
    serve(buildTeamSwissEvent({ status: 'created', current_round: 0, round: null, viewer_is_leader: true, teams: [buildTeamEntry({ tpn: 1 })] }));
    renderWithProviders(<TeamSwissPage eventId={5} username="leader" arbiter={<section aria-label="Arbiter">the panel</section>} />);
    expect(await screen.findByRole('region', { name: 'Arbiter' })).toHaveTextContent('the panel');
    expect(screen.queryByRole('region', { name: 'Register your team' })).not.toBeInTheDocument();
  });

  it('lets a signed-in user register their own team before round 1, then shows them as its captain', async () => {
    server.use(socket.addEventListener('connection', () => {}));
    const before = buildTeamSwissEvent({ status: 'created', current_round: 0, round: null, teams: [buildTeamEntry({ tpn: 1 })] });
    const rooks = buildTeamEntry({ tpn: 2, name: 'Rooks', captain: 'alice' });
    let registered = false;
    const bodies: unknown[] = [];
    server.use(
      csrf,
      http.get('*/api/team-swiss/5/', () =>
        HttpResponse.json(registered ? { ...before, teams: [...before.teams, rooks], viewer_captain_of: 2 } : before),
      ),
      http.get('*/api/team-swiss/5/standings/', () => HttpResponse.json({ version: 0, standings: [] })),
      http.get('*/api/team-swiss/5/crosstable/', () => HttpResponse.json([])),
      http.get('*/api/team-swiss/5/board-scores/', () => HttpResponse.json([])),
      http.post('*/api/team-swiss/5/teams/', async ({ request }) => {
        bodies.push(await request.json());
        if (bodies.length === 1)
          return HttpResponse.json({ message: 'Invalid input.', extra: { fields: { name: ['A team of this event is already called Team 1.'] } } }, { status: 400 });
        registered = true;
        return HttpResponse.json(rooks, { status: 201 });
      }),
    );
    renderWithProviders(<TeamSwissPage eventId={5} username="alice" />);
    const section = await screen.findByRole('region', { name: 'Register your team' });
    const form = within(section).getByRole('form', { name: 'Register your team' });
    // No captain field: the captain is the user who registers.
    expect(within(form).queryByLabelText('Captain (username)')).not.toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Team name'), 'Team 1');
    await userEvent.type(within(form).getByLabelText('Player 1 username'), 'alice');
    await userEvent.click(within(form).getByRole('button', { name: 'Register team' }));
    expect(await within(form).findByText('A team of this event is already called Team 1.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Team name')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(within(form).getByLabelText('Team name'));
    await userEvent.type(within(form).getByLabelText('Team name'), 'Rooks');
    await userEvent.click(within(form).getByRole('button', { name: 'Register team' }));
    // The event is read again: the user captains the team, and the form is gone.
    expect(await screen.findByRole('region', { name: 'Your team' })).toHaveTextContent('You captain Rooks (no. 2).');
    expect(screen.queryByRole('region', { name: 'Register your team' })).not.toBeInTheDocument();
    expect(bodies[1]).toEqual({ name: 'Rooks', players: [{ username: 'alice' }] });
  });

  it('offers no registration once round 1 is paired', async () => {
    server.use(socket.addEventListener('connection', () => {}));
    serve(buildTeamSwissEvent({ status: 'started', current_round: 1, round: buildTeamRound() }));
    renderWithProviders(<TeamSwissPage eventId={5} username="alice" />);
    expect(await screen.findByRole('table', { name: 'Matches of round 1' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Register your team' })).not.toBeInTheDocument();
  });

  it('lets a captain withdraw their team after a confirm step; then the button is disabled and the team marked', async () => {
    server.use(socket.addEventListener('connection', () => {}));
    serve(buildTeamSwissEvent({ round: playing, viewer_captain_of: 1 }));
    let withdrawn = 0;
    server.use(
      csrf,
      http.post('*/api/team-swiss/5/teams/1/withdraw/', () => {
        withdrawn += 1;
        return HttpResponse.json(buildTeamEntry({ tpn: 1, status: 'withdrawn' }));
      }),
    );
    renderWithProviders(<TeamSwissPage eventId={5} username="captain1" />);
    const mine = await screen.findByRole('region', { name: 'Your team' });
    await userEvent.click(within(mine).getByRole('button', { name: 'Withdraw team' }));
    expect(withdrawn).toBe(0);
    await userEvent.click(within(mine).getByRole('button', { name: 'Withdrawal is final: withdraw' }));
    expect(await within(mine).findByRole('button', { name: 'Withdrawn' })).toBeDisabled();
    expect(withdrawn).toBe(1);
    expect(screen.getByRole('listitem', { name: 'Team 1' })).toHaveTextContent('(withdrawn)');
  });
});
