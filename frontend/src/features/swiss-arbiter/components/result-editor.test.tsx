import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { ResultEditor } from '@/features/swiss-arbiter/components/result-editor';
import { buildPairing, buildStanding } from '@/testing/data';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const board = buildPairing({ id: 100, board: 4, white: 'anna_berg', black: 'bob' });
const anna = buildStanding({ id: 31, username: 'anna_berg', points: '1.0' });
const rows = [anna, buildStanding({ id: 32, username: 'bob', points: '1.0' })];

const csrf = http.get('http://localhost/api/auth/csrf/', () => {
  document.cookie = 'csrftoken=token123; path=/';
  return HttpResponse.json({ csrf_token: 'token123' });
});

const noShowOf = async (player: string) => {
  await userEvent.selectOptions(screen.getByLabelText('Result of board 4'), `${player} did not show up`);
  await userEvent.click(screen.getByRole('button', { name: 'Set result of board 4' }));
  return screen.findByRole('dialog', { name: `Board 4: ${player} did not show up` });
};

describe('ResultEditor: a no-show', () => {
  it('says it withdraws the player and bans them for the length the server gives, then records it', async () => {
    const sent: unknown[] = [];
    server.use(
      csrf,
      http.get('http://localhost/api/tournaments/swiss/7/entries/31/no-show-ban/', () =>
        HttpResponse.json({ player: 'anna_berg', team_name: 'Knights', ban_seconds: 129_600, banned_until: '2031-03-04T19:00:00Z' }),
      ),
      http.post('http://localhost/api/tournaments/swiss/7/pairings/100/result/', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ ...board, result: '-+' });
      }),
    );
    renderWithProviders(<ResultEditor tournamentId={7} round={1} boards={[board]} rows={rows} />);
    const dialog = await noShowOf('anna_berg');
    const note = within(dialog).getByRole('note', { name: 'What a no-show does' });
    expect(note).toHaveTextContent('More than a forfeit loss for anna_berg');
    expect(note).toHaveTextContent('Withdrawn from this event: not paired in the next rounds.');
    // 1.5 days: the ladder's repeat while a ban runs, as the server computed it.
    expect(await within(note).findByText(/Banned from the events of Knights, this one included, for 36 hours/)).toBeInTheDocument();
    expect(note).toHaveTextContent('This replaces the ban that runs until');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm no-show' }));
    await waitFor(() => expect(sent).toEqual([{ result: '-+', no_show: 'white' }]));
  });

  it('a player without an account is withdrawn but not banned; an ordinary result says nothing of it', async () => {
    server.use(
      http.get('http://localhost/api/tournaments/swiss/7/entries/32/no-show-ban/', () =>
        HttpResponse.json({ player: 'bob', team_name: 'Knights', ban_seconds: null, banned_until: null }),
      ),
    );
    renderWithProviders(<ResultEditor tournamentId={7} round={1} boards={[board]} rows={rows} />);
    const dialog = await noShowOf('bob');
    expect(await within(dialog).findByText('No ban: bob has no account here.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep as it was' }));

    await userEvent.selectOptions(screen.getByLabelText('Result of board 4'), 'White wins by forfeit (+/-)');
    await userEvent.click(screen.getByRole('button', { name: 'Set result of board 4' }));
    const plain = await screen.findByRole('dialog', { name: 'Board 4: set +/-' });
    expect(within(plain).queryByRole('note')).not.toBeInTheDocument();
    expect(within(plain).getByRole('button', { name: 'Confirm result' })).toBeInTheDocument();
  });
});
