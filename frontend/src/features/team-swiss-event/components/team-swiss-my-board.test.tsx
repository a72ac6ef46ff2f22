import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { TeamSwissMyBoard } from '@/features/team-swiss-event/components/team-swiss-my-board';
import { buildBoard, buildMatch, buildTeamRound, buildTeamSwissEvent } from '@/lib/team-swiss/testing/builders';
import type { Board, TeamRound } from '@/lib/team-swiss/types';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const csrf = http.get('http://localhost/api/auth/csrf/', () => {
  document.cookie = 'csrftoken=t; path=/';
  return HttpResponse.json({ csrf_token: 't' });
});

// Board 1 of table 1: p11 (Team 1) has White, p21 (Team 2) Black.
const roundWith = (board: Partial<Board>, status: TeamRound['status'] = 'playing') =>
  buildTeamRound({ status, lineups_close_at: null, matches: [buildMatch({ boards: [buildBoard(board)] })] });

const region = () => screen.getByRole('region', { name: 'Your game' });

describe('TeamSwissMyBoard', () => {
  it('reports "I won" from Black\'s side after a second step, then waits for the opponent', async () => {
    const sent: unknown[] = [];
    server.use(
      csrf,
      http.post('*/api/team-swiss/5/rounds/1/boards/1/1/result/', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(buildBoard({ result: '0-1', black_report: '0-1' }));
      }),
    );
    const view = renderWithProviders(<TeamSwissMyBoard event={buildTeamSwissEvent()} round={roundWith({})} username="p21" />);
    expect(region()).toHaveTextContent('Round 1, table 1, board 1: you play Black for Team 2 against p11 (Team 1).');
    expect(region()).toHaveTextContent('Report the result when your game is over');
    // Nothing is pre-selected, and nothing is sent on the first tap.
    await userEvent.click(within(region()).getByRole('button', { name: 'I won' }));
    expect(sent).toEqual([]);
    await userEvent.click(within(region()).getByRole('button', { name: 'Yes, I won (0-1)' }));
    await waitFor(() => expect(sent).toEqual([{ result: '0-1' }]));

    // The report as the next read brings it: the reporter's own words, no more buttons.
    view.rerender(<TeamSwissMyBoard event={buildTeamSwissEvent()} round={roundWith({ result: '0-1', black_report: '0-1' })} username="p21" />);
    expect(region()).toHaveTextContent('You reported that you won (0-1). Waiting for p11 to confirm it');
    expect(within(region()).queryByRole('group', { name: 'Report your result' })).not.toBeInTheDocument();
  });

  it("confirms the opponent's report with the same result", async () => {
    const sent: unknown[] = [];
    server.use(
      csrf,
      http.post('*/api/team-swiss/5/rounds/1/boards/1/1/result/', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(buildBoard({ result: '1-0', white_report: '1-0', black_report: '1-0' }));
      }),
    );
    renderWithProviders(<TeamSwissMyBoard event={buildTeamSwissEvent()} round={roundWith({ result: '1-0', white_report: '1-0' })} username="p21" />);
    expect(region()).toHaveTextContent('p11 reported that you lost (1-0). If that is right, confirm it');
    await userEvent.click(within(region()).getByRole('button', { name: 'Confirm: I lost' }));
    await userEvent.click(within(region()).getByRole('button', { name: 'Yes, I lost (1-0)' }));
    await waitFor(() => expect(sent).toEqual([{ result: '1-0' }]));
  });

  it('says how a result stands once it is settled, with no buttons', () => {
    const event = buildTeamSwissEvent();
    const cases: [Partial<Board>, TeamRound['status'], string][] = [
      [{ result: '1/2', white_report: '1/2', black_report: '1/2' }, 'playing', 'Result: a draw (½-½), confirmed by you and p21.'],
      [{ result: '1-0', white_report: '1-0', black_report: '0-1' }, 'playing', 'Result: you won (1-0), set by the arbiter.'],
      [{ disputed: true, white_report: '1-0', black_report: '0-1' }, 'playing', 'You reported that you won (1-0); p21 reported that you lost (0-1). The arbiter will decide.'],
      [{ result: '0-1', black_report: '0-1' }, 'complete', 'Result: you lost (0-1), as p21 reported. The round is complete: ask the arbiter if it is wrong.'],
    ];
    for (const [board, status, text] of cases) {
      const view = renderWithProviders(<TeamSwissMyBoard event={event} round={roundWith(board, status)} username="p11" />);
      expect(region()).toHaveTextContent(text);
      expect(within(region()).queryByRole('group', { name: 'Report your result' })).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it("sends an arbiter who plays to the arbiter panel, and shows nothing to someone who does not play", () => {
    const view = renderWithProviders(<TeamSwissMyBoard event={buildTeamSwissEvent({ viewer_is_leader: true })} round={roundWith({})} username="p11" />);
    expect(region()).toHaveTextContent("set this board's result in the arbiter panel");
    expect(within(region()).queryByRole('group', { name: 'Report your result' })).not.toBeInTheDocument();
    view.unmount();
    renderWithProviders(<TeamSwissMyBoard event={buildTeamSwissEvent()} round={roundWith({})} username="someone" />);
    expect(screen.queryByRole('region', { name: 'Your game' })).not.toBeInTheDocument();
  });

  it('takes a player of an online board to the game, with nothing to report', () => {
    const view = renderWithProviders(<TeamSwissMyBoard event={buildTeamSwissEvent({ mode: 'online' })} round={roundWith({ game_id: 42 })} username="p11" />);
    expect(region()).toHaveTextContent('Played online: the result comes from the game.');
    expect(within(region()).getByRole('link', { name: 'Go to your game' })).toHaveAttribute('href', '/game/42');
    expect(within(region()).queryByRole('group', { name: 'Report your result' })).toBeNull();
    view.unmount();
    renderWithProviders(<TeamSwissMyBoard event={buildTeamSwissEvent({ mode: 'online' })} round={roundWith({ game_id: 42, result: '1-0' })} username="p21" />);
    expect(region()).toHaveTextContent('Result: you lost (1-0), from the game.');
    expect(within(region()).getByRole('link', { name: 'See the game' })).toBeInTheDocument();
  });
});
