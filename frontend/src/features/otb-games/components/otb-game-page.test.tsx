import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { OtbGamePage, type OtbGamePageProps } from '@/features/otb-games/components/otb-game-page';
import { buildEmptyGame, buildOtbGame, buildSaved, OPENING } from '@/features/otb-games/testing/builders';
import type { OtbGame } from '@/features/otb-games/types/otb-game';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const URL = 'http://localhost/api/tournaments/swiss/7/pairings/41/game/';
const EVENT = { name: 'Club Open', status: 'running' };

const serve = (game: OtbGame) => server.use(http.get(URL, () => HttpResponse.json(game)));

const renderPage = (props: Partial<OtbGamePageProps> = {}) =>
  renderWithProviders(<OtbGamePage tournamentId={7} pairingId={41} event={EVENT} username={null} isLeader={false} {...props} />);

const board = () => screen.getByTestId('replay-board');
const pieceAt = (file: number, rank: number) =>
  [...board().querySelectorAll('piece')].find((piece) => (piece as HTMLElement).style.transform === `translate(${file * 100}%, ${(7 - rank) * 100}%)`);

describe('OtbGamePage', () => {
  beforeEach(() => {
    server.use(http.get('http://localhost/api/auth/csrf/', () => HttpResponse.json({ csrf_token: 't' })));
  });

  it('shows the players with titles and ratings, the round and board, the result and the game replayed from its positions', async () => {
    serve(buildOtbGame());
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Round 3, board 1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Club Open' })).toHaveAttribute('href', '/swiss/7');
    const white = screen.getByRole('group', { name: 'White: Carlsen, Magnus' });
    expect(white).toHaveTextContent('GMCarlsen, Magnus2830');
    expect(within(screen.getByRole('group', { name: 'Black: jane' })).getByRole('link', { name: 'jane' })).toHaveAttribute('href', '/@/jane');
    expect(screen.getByText('in progress')).toBeInTheDocument();

    // The last position first: the knight on f3, the last move's squares marked.
    expect(board()).toHaveAccessibleName('Board after 2. Nf3');
    expect(board().querySelectorAll('piece')).toHaveLength(32);
    expect(pieceAt(5, 2)).toHaveClass('white', 'knight');
    expect(board().querySelectorAll('square.last-move')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Nf3' })).toHaveAttribute('aria-current', 'step');
    const download = screen.getByRole('link', { name: 'Download PGN' });
    expect(download).toHaveAttribute('download', 'round-3-board-1.pgn');
    expect(decodeURIComponent(download.getAttribute('href') ?? '')).toContain('1. e4 e5 2. Nf3 *');
  });

  it('steps through the moves by click, by the replay buttons and by the arrow keys', async () => {
    serve(buildOtbGame());
    renderPage();
    const moves = await screen.findByRole('list', { name: 'Moves' });
    await userEvent.click(within(moves).getByRole('button', { name: 'e4' }));
    expect(board()).toHaveAccessibleName('Board after 1. e4');
    expect(pieceAt(4, 3)).toHaveClass('white', 'pawn');
    expect(pieceAt(4, 1)).toBeUndefined();

    await userEvent.keyboard('{ArrowRight}');
    expect(board()).toHaveAccessibleName('Board after 1... e5');
    expect(within(moves).getByRole('button', { name: 'e5' })).toHaveAttribute('aria-current', 'step');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(board()).toHaveAccessibleName('Board: the starting position');
    expect(screen.getByRole('button', { name: 'Previous move' })).toBeDisabled();
    await userEvent.keyboard('{ArrowLeft}');
    expect(board()).toHaveAccessibleName('Board: the starting position');

    await userEvent.click(screen.getByRole('button', { name: 'Last move' }));
    expect(board()).toHaveAccessibleName('Board after 2. Nf3');
    expect(screen.getByRole('button', { name: 'Next move' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Starting position' }));
    expect(pieceAt(6, 0)).toHaveClass('white', 'knight');
    await userEvent.click(screen.getByRole('button', { name: 'Next move' }));
    expect(board()).toHaveAccessibleName('Board after 1. e4');

    // Flipped, Black's side is at the bottom: a1 is at the top right.
    await userEvent.click(screen.getByRole('button', { name: 'Flip board' }));
    expect(
      [...board().querySelectorAll('piece')].find((piece) => (piece as HTMLElement).style.transform === 'translate(700%, 0%)'),
    ).toHaveClass('white', 'rook');
  });

  it('says that no moves are entered yet, and a visitor gets no form', async () => {
    serve(buildEmptyGame());
    renderPage();
    expect(await screen.findByText('No moves entered yet.')).toBeInTheDocument();
    expect(board()).toHaveAccessibleName('Board: the starting position');
    expect(screen.queryByRole('list', { name: 'Moves' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Moves or PGN' })).not.toBeInTheDocument();
  });

  it('a disputed board says the arbiter will decide, and the board’s own result when it differs', async () => {
    serve(buildOtbGame({ result: '1-0', board_result: '', disputed: true }));
    const { unmount } = renderPage();
    expect(await screen.findByText('This board is disputed: the arbiter will decide.')).toBeInTheDocument();
    expect(screen.queryByText(/The board's result in the event/)).not.toBeInTheDocument();
    unmount();

    // A completed round's result stood against the game: both are shown.
    serve(buildOtbGame({ result: '1-0', board_result: '1/2-1/2' }));
    renderPage();
    expect(await screen.findByText("The board's result in the event: ½-½")).toBeInTheDocument();
    expect(screen.queryByText(/disputed/)).not.toBeInTheDocument();
    expect(screen.queryByText('in progress')).not.toBeInTheDocument();
  });

  it('a leader’s form starts with the moves so far; a refused move is shown under the field, then the saved game and what it did', async () => {
    let game = buildOtbGame({ ply: 1, san: ['e4'], uci: ['e2e4'], fens: OPENING.fens.slice(0, 2), moves: 'e2e4' });
    const bodies: unknown[] = [];
    server.use(
      http.get(URL, () => HttpResponse.json(game)),
      http.put(URL, async ({ request }) => {
        const body = (await request.json()) as { pgn: string; result: string };
        bodies.push(body);
        if (body.pgn.includes('Ke3')) {
          return HttpResponse.json(
            { message: 'Invalid input: Move 2. Ke3 is illegal in this position.', extra: { fields: { pgn: ['Move 2. Ke3 is illegal in this position.'] } } },
            { status: 400 },
          );
        }
        game = buildOtbGame({ result: '1-0', board_result: '1-0' });
        return HttpResponse.json(buildSaved(game, { status: 'set', message: "The board's result is now 1-0." }));
      }),
    );
    renderPage({ isLeader: true, username: 'boss' });
    const field = await screen.findByRole('textbox', { name: 'Moves or PGN' });
    expect(field).toHaveValue('1. e4');
    expect(screen.getByRole('combobox', { name: 'Result' })).toHaveValue('*');

    await userEvent.type(field, ' e5 2. Ke3');
    await userEvent.click(screen.getByRole('button', { name: 'Save game' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Move 2. Ke3 is illegal in this position.'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('1. e4 e5 2. Ke3');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.clear(field);
    // A pasted game that ends with its result sets the select.
    await userEvent.type(field, '1. e4 e5 2. Nf3 1-0');
    expect(screen.getByRole('combobox', { name: 'Result' })).toHaveValue('1-0');
    await userEvent.click(screen.getByRole('button', { name: 'Save game' }));
    expect(await screen.findByRole('status')).toHaveTextContent("Saved. The board's result is now 1-0.");
    expect(bodies.at(-1)).toEqual({ pgn: '1. e4 e5 2. Nf3 1-0', result: '1-0' });
    // The page shows the saved game; the field starts from it again.
    expect(screen.getByRole('button', { name: 'Nf3' })).toHaveAttribute('aria-current', 'step');
    expect(field).toHaveValue('1. e4 e5 2. Nf3');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('combobox', { name: 'Result' })).toHaveValue('1-0');
  });

  it('a refusal that is not about the moves is shown for the form, a wrong result under the select', async () => {
    let answer = 0;
    server.use(
      http.get(URL, () => HttpResponse.json(buildEmptyGame())),
      http.put(URL, () =>
        ++answer === 1
          ? HttpResponse.json({ message: 'This event was cancelled.', extra: {} }, { status: 409 })
          : HttpResponse.json(
              {
                message: 'Invalid input: The last position decides the game: the result is 1-0.',
                extra: { fields: { result: ['The last position decides the game: the result is 1-0.'] } },
              },
              { status: 400 },
            ),
      ),
    );
    renderPage({ isLeader: true, username: 'boss' });
    const field = await screen.findByRole('textbox', { name: 'Moves or PGN' });
    await userEvent.click(screen.getByRole('button', { name: 'Save game' }));
    expect(field).toHaveAccessibleDescription('Type the moves (1. e4 e5 2. Nf3 …) or paste the game’s PGN.');
    await userEvent.type(field, '1. e4');
    await userEvent.click(screen.getByRole('button', { name: 'Save game' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This event was cancelled.');
    await userEvent.click(screen.getByRole('button', { name: 'Save game' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Result' })).toHaveAccessibleDescription('The last position decides the game: the result is 1-0.'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a player enters their own game while it is "*", is told when it is no longer theirs to change', async () => {
    const own = buildOtbGame({ by_leader: false, entered_by: 'jane' });
    serve(own);
    const { unmount } = renderPage({ username: 'jane' });
    expect(await screen.findByRole('textbox', { name: 'Moves or PGN' })).toHaveValue('1. e4 e5 2. Nf3');
    expect(screen.getByText(/only they can change it/)).toBeInTheDocument();
    unmount();

    serve({ ...own, result: '0-1' });
    renderPage({ username: 'jane' });
    expect(await screen.findByText('This game is finished: ask the arbiter to correct it.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Moves or PGN' })).not.toBeInTheDocument();
    // Her own board is shown from her side.
    expect(board().querySelectorAll('coords.ranks coord')[0]).toHaveTextContent('1');
  });

  it('a board with no game of its own (an online board, an unknown one) says why', async () => {
    server.use(
      http.get(URL, () =>
        HttpResponse.json({ message: 'This board is played online: its game is /game/12.', extra: {} }, { status: 404 }),
      ),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No game here' })).toBeInTheDocument();
    expect(screen.getByText('This board is played online: its game is /game/12.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the event' })).toHaveAttribute('href', '/swiss/7');
  });
});
