import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { SwissJoinForm } from '@/features/swiss-event/components/swiss-join-form';
import { page } from '@/testing/data';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const BASE = 'http://localhost/api/tournaments/swiss/7';
const TEAMS = [
  { team: 'rooks', team_name: 'Rooks' },
  { team: 'bishops', team_name: 'Bishops' },
  { team: 'knights', team_name: 'Knights' },
];

/** The signed-in user belongs to these teams; a join's body is recorded. */
const serve = (mine: string[], joined: unknown[]) =>
  server.use(
    http.get('http://localhost/api/teams/', () => HttpResponse.json(page(mine.map((slug, id) => ({ id, slug, name: slug, description: '', join_policy: 'open', created_at: '', member_count: 2 }))))),
    http.get('http://localhost/api/auth/csrf/', () => {
      document.cookie = 'csrftoken=token123; path=/';
      return HttpResponse.json({ csrf_token: 'token123' });
    }),
    http.post(`${BASE}/join/`, async ({ request }) => {
      joined.push(await request.json());
      return HttpResponse.json({ username: 'me', team: 'bishops', status: 'active' }, { status: 201 });
    }),
  );

describe('SwissJoinForm in a co-hosted event', () => {
  it('offers only the event’s teams the player belongs to, the host first when they do', async () => {
    const joined: unknown[] = [];
    serve(['rooks', 'bishops', 'elsewhere'], joined);
    renderWithProviders(<SwissJoinForm tournamentId={7} hasPassword={false} teams={TEAMS} />);
    const select = await screen.findByLabelText('Playing for');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose your team…', 'Rooks', 'Bishops']);
    expect(select).toHaveValue('rooks');
    await userEvent.selectOptions(select, 'bishops');
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(joined).toEqual([{ password: '', team: 'bishops' }]));
  });

  it('names the one team a player may play for, without asking', async () => {
    const joined: unknown[] = [];
    serve(['knights'], joined);
    renderWithProviders(<SwissJoinForm tournamentId={7} hasPassword={false} teams={TEAMS} />);
    expect(await screen.findByText('You play for Knights.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Playing for')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(joined).toEqual([{ password: '', team: 'knights' }]));
  });

  it('a member of two co-hosts chooses: nothing is picked for them', async () => {
    serve(['bishops', 'knights'], []);
    renderWithProviders(<SwissJoinForm tournamentId={7} hasPassword={false} teams={TEAMS} />);
    const select = await screen.findByLabelText('Playing for');
    expect(select).toHaveValue('');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose your team…', 'Bishops', 'Knights']);
  });
});
