import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { otbGamesKeys } from '@/features/otb-games/api/otb-games-keys';
import { RoundPgnUpload } from '@/features/otb-games/components/round-pgn-upload';
import { buildEmptyGame, buildUpload, buildUploadedGame } from '@/features/otb-games/testing/builders';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const URL = (round: number) => `http://localhost/api/tournaments/swiss/7/rounds/${round}/pgn/`;
const FILE_TEXT = '[White "Carlsen, Magnus"]\n[Black "jane"]\n[Round "3.1"]\n\n1. e4 e5 1-0\n\n[White "Smtih, John"]\n[Black "Berg, Anna"]\n\n1. d4 *\n';

const MISMATCH = buildUpload({
  saved: 1,
  games: [
    buildUploadedGame(),
    buildUploadedGame({
      index: 2,
      white: 'Smtih, John',
      black: 'Berg, Anna',
      round_tag: '',
      board: 2,
      status: 'name_mismatch',
      message: "Board 2: White 'Smtih, John' is no player of round 3 (the board's white player is 'Smith, John').",
      result: null,
      result_entry: null,
    }),
  ],
  boards_without_game: [2],
});

const pgnFile = (text: string, name = 'round3.pgn') => new File([text], name, { type: 'application/x-chess-pgn' });

describe('RoundPgnUpload', () => {
  beforeEach(() => {
    server.use(http.get('http://localhost/api/auth/csrf/', () => HttpResponse.json({ csrf_token: 't' })));
  });

  it('sends the file’s text for the chosen round and reports each game: its board, or why it is not saved', async () => {
    const sent: { round: number; pgn: string }[] = [];
    server.use(
      http.post('http://localhost/api/tournaments/swiss/7/rounds/:round/pgn/', async ({ request, params }) => {
        sent.push({ round: Number(params.round), pgn: ((await request.json()) as { pgn: string }).pgn });
        return HttpResponse.json(MISMATCH);
      }),
    );
    const { queryClient } = renderWithProviders(<RoundPgnUpload tournamentId={7} currentRound={3} />);
    // A board's game cached before the upload is read again after it.
    queryClient.setQueryData(otbGamesKeys.game(7, 41), buildEmptyGame());
    expect(screen.getByRole('combobox', { name: 'Round' })).toHaveValue('3');
    await userEvent.upload(screen.getByLabelText('PGN file of round 3'), pgnFile(FILE_TEXT));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));

    const report = await screen.findByRole('region', { name: 'Upload report for round3.pgn' });
    expect(sent).toEqual([{ round: 3, pgn: FILE_TEXT }]);
    expect(within(report).getByRole('status')).toHaveTextContent('Round 3: 1 of 2 games saved; 1 not saved (below).');
    const rows = within(report).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '#1 Carlsen, Magnus – janeRound tag 3.1',
      '1',
      "SavedBoard 1.The board's result is now 1-0.",
    ]);
    expect(within(rows[1]!).getAllByRole('cell')[1]).toHaveTextContent('2');
    expect(within(rows[1]!).getAllByRole('cell')[2]).toHaveTextContent("Name does not matchBoard 2: White 'Smtih, John' is no player of round 3");
    expect(within(report).getByText('Boards of round 3 without a game: 2.')).toBeInTheDocument();
    expect(queryClient.getQueryState(otbGamesKeys.game(7, 41))?.isInvalidated).toBe(true);

    // An earlier round, chosen in the select.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Round' }), '1');
    await userEvent.upload(screen.getByLabelText('PGN file of round 1'), pgnFile(FILE_TEXT, 'r1.pgn'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await screen.findByRole('region', { name: 'Upload report for r1.pgn' });
    expect(sent.at(-1)?.round).toBe(1);
  });

  it('puts the API’s refusal of the file under the file field, and asks for a file first', async () => {
    server.use(
      http.post(URL(1), () =>
        HttpResponse.json({ message: 'Invalid input: No game found in the PGN text.', extra: { fields: { pgn: ['No game found in the PGN text.'] } } }, { status: 400 }),
      ),
    );
    renderWithProviders(<RoundPgnUpload tournamentId={7} currentRound={1} />);
    expect(screen.queryByRole('combobox', { name: 'Round' })).not.toBeInTheDocument();
    const input = screen.getByLabelText('PGN file of round 1');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(input).toHaveAccessibleDescription('Choose a PGN file.');
    await userEvent.upload(input, pgnFile('% nothing but an escape line\n'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('No game found in the PGN text.')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('No game found in the PGN text.');
    expect(screen.queryByRole('region', { name: /Upload report/ })).not.toBeInTheDocument();
  });

  it('says when every board of the round has its game', async () => {
    server.use(http.post(URL(2), () => HttpResponse.json(buildUpload({ round: 2 }))));
    renderWithProviders(<RoundPgnUpload tournamentId={7} currentRound={2} />);
    await userEvent.upload(screen.getByLabelText('PGN file of round 2'), pgnFile(FILE_TEXT));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Every board of round 2 has a game.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Round 2: 1 of 1 game saved.');
  });
});
