import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { TeamSwissLineupForm } from '@/features/team-swiss-event/components/team-swiss-lineup-form';
import { buildTeamEntry, buildTeamRound, buildTeamSwissEvent } from '@/lib/team-swiss/testing/builders';
import { server } from '@/testing/msw-server';

const csrf = http.get('http://localhost/api/auth/csrf/', () => {
  document.cookie = 'csrftoken=t; path=/';
  return HttpResponse.json({ csrf_token: 't' });
});
import { renderWithProviders } from '@/testing/render-with-providers';

const event = buildTeamSwissEvent({
  boards: 2,
  viewer_captain_of: 1,
  teams: [buildTeamEntry({ tpn: 1 }), buildTeamEntry({ tpn: 2 })],
  round: buildTeamRound({ lineups_close_at: new Date(Date.now() + 5 * 60_000).toISOString() }),
});

describe('TeamSwissLineupForm', () => {
  it('checks the squad order before sending, shows the countdown, and puts the server\'s message beside the boards', async () => {
    let sent: unknown = null;
    server.use(
      csrf,
      http.get('*/api/team-swiss/5/', () => HttpResponse.json(event)),
      http.get('*/api/team-swiss/5/rounds/1/lineups/1/', () =>
        HttpResponse.json({ round: 1, tpn: 1, submitted: false, submitted_by: null, submitted_at: null, players: event.teams[0]!.players.slice(0, 2) }),
      ),
      http.put('*/api/team-swiss/5/rounds/1/lineups/1/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ message: 'Invalid input.', extra: { fields: { players: ['Player 1.3 is withdrawn.'] } } }, { status: 400 });
      }),
    );
    renderWithProviders(<TeamSwissLineupForm eventId={5} tpn={1} />);
    const form = await screen.findByRole('form', { name: 'Line-up' });
    expect(screen.getByRole('timer')).toHaveTextContent(/Line-ups close in [45]:\d\d/);
    expect(within(form).getByText(/must follow the squad's order/)).toBeInTheDocument();

    // Board 1: the squad's second; board 2: its first, above them: refused here.
    await userEvent.selectOptions(within(form).getByLabelText('Board 1'), '12');
    await userEvent.selectOptions(within(form).getByLabelText('Board 2'), '11');
    expect(within(form).getByText(/Boards follow the squad order/)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Submit line-up' })).toBeDisabled();

    // A reserve on board 2 keeps the order; the server's refusal lands beside the boards.
    await userEvent.selectOptions(within(form).getByLabelText('Board 2'), '13');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit line-up' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Player 1.3 is withdrawn.');
    expect(sent).toEqual({ players: [12, 13] });
  });
});
