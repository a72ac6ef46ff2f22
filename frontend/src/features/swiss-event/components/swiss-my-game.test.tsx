import { screen, within } from '@testing-library/react';
import { http, HttpResponse, ws } from 'msw';

import { SwissMyGame } from '@/features/swiss-event/components/swiss-my-game';
import { SwissPage } from '@/features/swiss-event/components/swiss-page';
import { buildPairing, buildRound, buildStanding, buildTournament, page } from '@/testing/data';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const BASE = 'http://localhost/api/tournaments/swiss/7';
// msw 3 matches socket addresses without their trailing slash.
const socket = ws.link('ws://localhost/ws/tournaments/swiss/7');

const soon = () => new Date(Date.now() + 30_000).toISOString();

describe('SwissMyGame', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows "Your game is ready" live when the round starts: the reload ping is read at once by a waiting player', async () => {
    // 1,000 players: anyone else may wait up to 4 s before reading the new round.
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    const online = buildTournament({ mode: 'online', status: 'scheduled', current_round: 0, next_round_at: soon(), participant_count: 1000 });
    const board = buildPairing({ id: 100, board: 1, white: 'bob', black: 'alice', game_id: 55 });
    const round = buildRound({ number: 1, pairings: [board] });
    let started = false;
    const pushes: { send: (data: string) => void }[] = [];
    server.use(
      http.get(`${BASE}/`, () =>
        HttpResponse.json(started ? { ...online, status: 'running', current_round: 1, next_round_at: null } : online),
      ),
      http.get(`${BASE}/standings/`, () => HttpResponse.json(page([buildStanding({ username: 'alice' }), buildStanding({ username: 'bob' })]))),
      http.get(`${BASE}/rounds/`, () => HttpResponse.json(started ? [round] : [])),
      http.get(`${BASE}/rounds/1/`, () => HttpResponse.json(round)),
      http.get(`${BASE}/entry-conditions/`, () => HttpResponse.json([])),
      http.get(`${BASE}/prizes/`, () => HttpResponse.json({ sharing: 'tiebreaks', final: false, prizes: [] })),
      socket.addEventListener('connection', ({ client }) => {
        client.send(JSON.stringify({ event: 'hello', payload: { tournament: 7, status: 'scheduled', current_round: 0, standings_version: 3, version: 3 } }));
        pushes.push(client);
      }),
    );
    renderWithProviders(<SwissPage tournamentId={7} username="alice" isTeamMember />);
    const panel = await screen.findByRole('region', { name: 'Your event' });
    expect(await within(panel).findByText('You are playing in this event.')).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: /Your game is ready/ })).not.toBeInTheDocument();

    started = true;
    pushes[0]?.send(JSON.stringify({ event: 'reload', payload: { version: 4 } }));
    const play = await within(panel).findByRole('link', { name: 'Your game is ready — play' }, { timeout: 1000 });
    expect(play).toHaveAttribute('href', '/game/55');
    expect(panel).toHaveTextContent('Round 1, board 1: You play Black against bob');
    // An online board has no report buttons: the game gives the result.
    expect(within(panel).queryByRole('button', { name: 'I won' })).not.toBeInTheDocument();
    // Every board of the round links to its game, for spectators too.
    expect(await screen.findByRole('link', { name: 'Game of board 1' })).toHaveAttribute('href', '/game/55');
  });

  it('after an online game: its result and a link back to the game', async () => {
    server.use(
      http.get(`${BASE}/rounds/1/`, () =>
        HttpResponse.json(buildRound({ pairings: [buildPairing({ white: 'alice', black: 'bob', result: '1-0', game_id: 55 })] })),
      ),
    );
    renderWithProviders(<SwissMyGame tournamentId={7} round={1} username="alice" />);
    expect(await screen.findByText(/Result: 1-0\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your game' })).toHaveAttribute('href', '/game/55');
    expect(screen.queryByRole('link', { name: /Your game is ready/ })).not.toBeInTheDocument();
  });

  it('over the board, a disputed board shows both reports and no buttons', async () => {
    server.use(
      http.get(`${BASE}/rounds/1/`, () =>
        HttpResponse.json(
          buildRound({
            pairings: [
              buildPairing({ white: 'alice', black: 'bob', disputed: true, white_report: '1-0', black_report: '0-1' }),
            ],
          }),
        ),
      ),
    );
    renderWithProviders(<SwissMyGame tournamentId={7} round={1} username="bob" />);
    expect(
      await screen.findByText('You reported that you won (0-1); alice reported that you lost (1-0). The arbiter will decide.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I won' })).not.toBeInTheDocument();
  });
});
