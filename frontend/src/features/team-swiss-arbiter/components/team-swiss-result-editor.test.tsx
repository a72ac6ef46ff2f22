import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { TeamSwissResultEditor } from '@/features/team-swiss-arbiter/components/team-swiss-result-editor';
import { buildBoard, buildMatch, buildTeamRound, buildTeamSwissEvent } from '@/lib/team-swiss/testing/builders';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const csrf = http.get('http://localhost/api/auth/csrf/', () => {
  document.cookie = 'csrftoken=t; path=/';
  return HttpResponse.json({ csrf_token: 't' });
});

// Table 1, Team 1 – Team 2: board 1 reported by p11 (unconfirmed), board 2 disputed (p22 has White there).
const round = buildTeamRound({
  status: 'playing',
  lineups_close_at: null,
  matches: [
    buildMatch({
      boards: [
        buildBoard({ board: 1, result: '1-0', white_report: '1-0' }),
        buildBoard({
          board: 2,
          white_team_colour: 'b',
          white: { id: 22, name: 'Player 2.2', username: 'p22', rating: 1900, tpn: 2 },
          black: { id: 12, name: 'Player 1.2', username: 'p12', rating: 1900, tpn: 1 },
          disputed: true,
          white_report: '1-0',
          black_report: '0-1',
        }),
      ],
    }),
  ],
});

const serve = () => {
  const sent: { path: string; body: unknown }[] = [];
  server.use(
    csrf,
    http.get('*/api/team-swiss/5/rounds/1/', () => HttpResponse.json(round)),
    http.post('*/api/team-swiss/5/rounds/1/boards/1/:board/result/', async ({ request, params }) => {
      const body = (await request.json()) as { result: '1/2' };
      sent.push({ path: String(params.board), body });
      return HttpResponse.json({ ...round.matches[0]!.boards[Number(params.board) - 1]!, result: body.result, disputed: false });
    }),
  );
  return sent;
};

describe('TeamSwissResultEditor', () => {
  it('queues a disputed board with both reports and decides it after showing what will be recorded', async () => {
    const sent = serve();
    renderWithProviders(<TeamSwissResultEditor event={buildTeamSwissEvent({ viewer_is_leader: true })} number={1} />);
    const dispute = await screen.findByRole('listitem', { name: 'Dispute on table 1 board 2' });
    expect(screen.getByRole('heading', { name: 'Disputes (1)' })).toBeInTheDocument();
    expect(dispute).toHaveTextContent('p22 (Team 2, White) reported p22 won (1-0)');
    expect(dispute).toHaveTextContent('p12 (Team 1, Black) reported p12 won (0-1)');
    // Where each board stands: the unconfirmed report says whose it is.
    expect(screen.getByRole('table', { name: 'Results of round 1' })).toHaveTextContent('1-0, reported by p11, not confirmed yet');

    await userEvent.click(within(dispute).getByRole('button', { name: /^Draw/ }));
    const dialog = screen.getByRole('dialog', { name: 'Table 1, board 2: set ½-½' });
    expect(dialog).toHaveTextContent('Round 1, table 1, board 2');
    expect(dialog).toHaveTextContent('p22 (Team 2, White) – p12 (Team 1, Black)');
    expect(dialog).toHaveTextContent('a draw (½-½)');
    expect(dialog).toHaveTextContent('p22 reported p22 won (1-0); p12 reported p12 won (0-1). This decision ends it.');
    // Board 1 (1-0 for Team 1) and the draw: 1½ – ½, every board with a result.
    expect(dialog).toHaveTextContent('Team 1 1½ – ½ Team 2 (complete)');
    expect(sent).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm result' }));
    await waitFor(() => expect(sent).toEqual([{ path: '2', body: { result: '1/2' } }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks before a correction, and "Keep as it was" sends nothing', async () => {
    const sent = serve();
    renderWithProviders(<TeamSwissResultEditor event={buildTeamSwissEvent({ viewer_is_leader: true })} number={1} />);
    const results = await screen.findByRole('table', { name: 'Results of round 1' });
    await userEvent.selectOptions(within(results).getByLabelText('Result of table 1 board 1'), '0-1');
    await userEvent.click(within(results).getByRole('button', { name: 'Correct table 1 board 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Table 1, board 1: correct 0-1' });
    expect(dialog).toHaveTextContent('p11 won (1-0) becomes p21 won (0-1)');
    expect(dialog).toHaveTextContent('(1 board still without a result)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep as it was' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
