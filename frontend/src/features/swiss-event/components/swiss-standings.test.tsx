import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { SwissStandings } from '@/features/swiss-event/components/swiss-standings';
import { buildStanding, page } from '@/testing/data';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const STANDINGS = 'http://localhost/api/tournaments/swiss/7/standings/';

const rows = [
  buildStanding({ rank: 1, rank_label: '1', username: 'alice', points: '2.0', tiebreaks: { SB: '3.00', 'BH-C1': '2.5', BH: '4.0' } }),
  buildStanding({ rank: 2, rank_label: '2–3', username: 'bob', points: '1.5', tiebreaks: { SB: '1.25', 'BH-C1': '2.0', BH: '3.0' },
    sheet: [
      { round: 1, opponent: 'carol', colour: 'white', code: '1', not_yet_joined: false },
      { round: 2, opponent: 'alice', colour: 'black', code: '=', not_yet_joined: false },
      { round: 3, opponent: null, colour: null, code: 'H', not_yet_joined: false },
    ] }),
  buildStanding({ rank: 2, rank_label: '2–3', username: 'carol', points: '1.5', tiebreaks: { SB: '1.25', 'BH-C1': '2.0', BH: '3.0' } }),
  buildStanding({ rank: 4, rank_label: '4', username: 'dave', points: '0.0', status: 'paused', tiebreaks: { SB: null, 'BH-C1': null, BH: null } }),
];

const standingsTable = () => screen.findByRole('table', { name: 'Standings' });

describe('SwissStandings', () => {
  it('shows shared ranks for tied players', async () => {
    server.use(http.get(STANDINGS, () => HttpResponse.json(page(rows))));
    renderWithProviders(<SwissStandings tournamentId={7} tiebreakOrder={['SB', 'BH-C1', 'BH']} />);
    const table = await standingsTable();
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['1', '2–3', '2–3', '4']);
    expect(bodyRows[3]).toHaveTextContent('dave(withdrawn)');
    expect(within(bodyRows[3]!).getByRole('link', { name: 'dave' })).toHaveAttribute('href', '/@/dave');
  });

  it('puts the tie-break columns after the points, in the event’s order', async () => {
    server.use(http.get(STANDINGS, () => HttpResponse.json(page(rows))));
    renderWithProviders(<SwissStandings tournamentId={7} tiebreakOrder={['SB', 'BH-C1', 'BH']} />);
    const table = await standingsTable();
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['#', 'Player', 'Rating', 'Points', 'SB', 'BH-C1', 'BH']);
    const alice = within(table).getByRole('link', { name: 'alice' }).closest('tr')!;
    expect(within(alice).getAllByRole('cell').map((cell) => cell.textContent).slice(3)).toEqual(['2.0', '3.00', '2.5', '4.0']);
    const dave = within(table).getByRole('link', { name: 'dave' }).closest('tr')!;
    expect(within(dave).getAllByRole('cell').map((cell) => cell.textContent).slice(4)).toEqual(['', '', '']);
  });

  it('opens a player’s round-by-round sheet in a dialog', async () => {
    server.use(http.get(STANDINGS, () => HttpResponse.json(page(rows))));
    renderWithProviders(<SwissStandings tournamentId={7} tiebreakOrder={['BH']} />);
    await userEvent.click(within(await standingsTable()).getByRole('button', { name: "bob's games" }));
    const dialog = await screen.findByRole('dialog', { name: "bob's games" });
    const sheetRows = within(dialog).getAllByRole('row').slice(1);
    expect(sheetRows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['1', 'White', 'carol', '1'],
      ['2', 'Black', 'alice', '½'],
      ['3', '–', '–', '½ (bye)'],
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: "bob's games" })).not.toBeInTheDocument());
  });

  it('reads only the first page of a 1,000-player event and renders only the rows in view', async () => {
    const requested: string[] = [];
    server.use(
      http.get(STANDINGS, ({ request }) => {
        const url = new URL(request.url);
        requested.push(`${url.searchParams.get('page')}/${url.searchParams.get('page_size')}`);
        const first = Array.from({ length: 50 }, (_, i) =>
          buildStanding({ rank: i + 1, rank_label: String(i + 1), username: `player${i + 1}` }),
        );
        return HttpResponse.json(page(first, 1000));
      }),
    );
    renderWithProviders(<SwissStandings tournamentId={7} tiebreakOrder={[]} />);
    const table = await standingsTable();
    expect(table).toHaveAttribute('aria-rowcount', '1001');
    const rendered = within(table).getAllByRole('row').length - 1;
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(60);
    expect(requested).toEqual(['1/50']);
  });

  it('says so when nobody has joined', async () => {
    server.use(http.get(STANDINGS, () => HttpResponse.json(page([]))));
    renderWithProviders(<SwissStandings tournamentId={7} tiebreakOrder={[]} />);
    expect(await screen.findByText('Nobody has joined yet.')).toBeInTheDocument();
  });

  it('hidden standings: an empty page is no empty event, and a player’s own row says why it is alone', async () => {
    server.use(http.get(STANDINGS, () => HttpResponse.json(page([]))));
    const visitor = renderWithProviders(<SwissStandings tournamentId={7} tiebreakOrder={[]} hidden />);
    expect(await screen.findByText('Standings are hidden until the event ends.')).toBeInTheDocument();
    expect(screen.queryByText('Nobody has joined yet.')).not.toBeInTheDocument();
    visitor.unmount();

    server.use(http.get(STANDINGS, () => HttpResponse.json(page([buildStanding({ username: 'bob', rank: 3, rank_label: '3' })]))));
    renderWithProviders(<SwissStandings tournamentId={7} tiebreakOrder={[]} username="bob" hidden />);
    expect(await screen.findByText('Standings are hidden until the event ends. You see your own row only.')).toBeInTheDocument();
    expect(within(await standingsTable()).getAllByRole('row')).toHaveLength(2);
    expect(screen.queryByRole('searchbox', { name: 'Search players' })).not.toBeInTheDocument();
  });

  it('names why a paused player sits out; a long team name is cut, in full on hover', async () => {
    const team = 'The Exceedingly Long Named Chess Society';
    server.use(
      http.get(STANDINGS, () =>
        HttpResponse.json(page([buildStanding({ username: 'erin', status: 'paused', pause_reason: 'no_check_in', team: 'long' })])),
      ),
    );
    const teams = [
      { team: 'host', team_name: 'Host' },
      { team: 'long', team_name: team },
    ];
    renderWithProviders(<SwissStandings tournamentId={7} tiebreakOrder={[]} teams={teams} />);
    const row = within(await standingsTable()).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('erin(not checked in)');
    expect(within(row).getByTitle(team)).toHaveClass('truncate');
  });

  it('shows the API’s error with a retry', async () => {
    server.use(http.get(STANDINGS, () => HttpResponse.json({ message: 'No such tournament.', extra: {} }, { status: 404 })));
    renderWithProviders(<SwissStandings tournamentId={7} tiebreakOrder={[]} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No such tournament.');
  });
});
