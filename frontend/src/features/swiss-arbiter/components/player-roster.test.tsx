import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { PlayerRoster } from '@/features/swiss-arbiter/components/player-roster';
import { buildStanding } from '@/testing/data';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const rows = [buildStanding({ username: 'anna_berg' }), buildStanding({ username: 'bob' })];

describe('PlayerRoster', () => {
  it('withdraws a player only after a confirmation that says what it does', async () => {
    const withdrawn: string[] = [];
    server.use(
      http.get('http://localhost/api/auth/csrf/', () => {
        document.cookie = 'csrftoken=token123; path=/';
        return HttpResponse.json({ csrf_token: 'token123' });
      }),
      http.post('http://localhost/api/tournaments/swiss/7/players/:username/withdraw/', ({ params }) => {
        withdrawn.push(String(params.username));
        return HttpResponse.json({ username: String(params.username), team: null, rating: 1500, status: 'paused', joined_after_round: 0, checked_in_at: null });
      }),
    );
    renderWithProviders(<PlayerRoster tournamentId={7} rows={rows} started />);
    await userEvent.click(screen.getByText('Players (2)'));
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw bob' }));
    const confirm = screen.getByRole('group', { name: 'Confirm: withdraw bob' });
    expect(confirm).toHaveTextContent('From the next round on they are not paired and score 0 for each round they miss, until a leader reinstates them.');
    expect(withdrawn).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Confirm: withdraw bob' })).not.toBeInTheDocument();
    expect(withdrawn).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Withdraw bob' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, withdraw bob' }));
    await waitFor(() => expect(withdrawn).toEqual(['bob']));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Confirm: withdraw bob' })).not.toBeInTheDocument());
  });

  it('before the start it says the entry is removed', async () => {
    renderWithProviders(<PlayerRoster tournamentId={7} rows={rows} started={false} />);
    await userEvent.click(screen.getByText('Players (2)'));
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw anna_berg' }));
    expect(screen.getByRole('group', { name: 'Confirm: withdraw anna_berg' })).toHaveTextContent('Their entry is removed; they can join again while entries are open.');
  });
  it('after the end offers only a retroactive disqualification, with a reason, and says what it recomputes', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('http://localhost/api/auth/csrf/', () => {
        document.cookie = 'csrftoken=token123; path=/';
        return HttpResponse.json({ csrf_token: 'token123' });
      }),
      http.post('http://localhost/api/tournaments/swiss/7/entries/:entryId/disqualify/', async ({ request, params }) => {
        sent.push({ entry: Number(params.entryId), ...((await request.json()) as object) });
        return HttpResponse.json({});
      }),
    );
    const finishedRows = [buildStanding({ id: 11, username: 'anna_berg' }), buildStanding({ id: 12, username: 'bob' })];
    renderWithProviders(<PlayerRoster tournamentId={7} rows={finishedRows} started finished />);
    await userEvent.click(screen.getByText('Players (2)'));
    expect(screen.queryByRole('button', { name: /Withdraw|Reinstate/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Disqualify bob' }));
    const form = screen.getByRole('form', { name: 'Disqualify bob' });
    expect(form).toHaveTextContent('after the end (a fair-play ruling)');
    expect(form).toHaveTextContent('the standings, tie-breaks, prizes and ratings are worked out again');
    const confirm = within(form).getByRole('button', { name: 'Confirm disqualification' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(form).getByLabelText('Reason'), 'Engine use');
    await userEvent.click(confirm);
    await waitFor(() => expect(sent).toEqual([{ entry: 12, reason: 'Engine use' }]));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Disqualify bob' })).not.toBeInTheDocument());
  });
});
