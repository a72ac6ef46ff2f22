import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { CohostInvite } from '@/features/swiss-arbiter/components/cohost-invite';
import { buildTournament, page } from '@/testing/data';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const BASE = 'http://localhost/api/tournaments/swiss/7';
const team = (slug: string, name: string, members = 3) => ({
  id: slug.length,
  slug,
  name,
  description: '',
  join_policy: 'open',
  created_at: '2026-11-01T00:00:00Z',
  member_count: members,
});
const TEAMS = [team('knights', 'Knights'), team('rooks-chess-club', 'Rooks Chess Club', 1), team('rookies', 'Rookies'), team('castle-rooks', 'Castle Rooks')];

const tournament = buildTournament({
  cohosts: [{ team: 'castle-rooks', team_name: 'Castle Rooks', status: 'invited', invited_at: '2026-11-01T00:00:00Z', accepted_at: null }],
});

describe('CohostInvite', () => {
  beforeEach(() => {
    server.use(
      http.get('http://localhost/api/teams/', ({ request }) => {
        const search = (new URL(request.url).searchParams.get('search') ?? '').toLowerCase();
        return HttpResponse.json(page(TEAMS.filter((candidate) => candidate.name.toLowerCase().includes(search))));
      }),
      http.get(`${BASE}/`, () => HttpResponse.json(tournament)),
      http.get('http://localhost/api/auth/csrf/', () => {
        document.cookie = 'csrftoken=token123; path=/';
        return HttpResponse.json({ csrf_token: 'token123' });
      }),
    );
  });

  it('finds teams by name and invites the one chosen, by its slug', async () => {
    const invited: unknown[] = [];
    server.use(
      http.post(`${BASE}/cohosts/`, async ({ request }) => {
        invited.push(await request.json());
        return HttpResponse.json({ team: 'rooks-chess-club', team_name: 'Rooks Chess Club', status: 'invited', invited_at: '', accepted_at: null }, { status: 201 });
      }),
    );
    renderWithProviders(<CohostInvite tournament={tournament} />);
    await userEvent.type(screen.getByLabelText('Find a team by name'), 'rook');
    const found = await screen.findByRole('list', { name: 'Teams found' });
    expect(within(found).getAllByRole('listitem')).toHaveLength(3);
    // A team asked already says so instead of offering the button.
    const castle = within(found).getByText('Castle Rooks').closest('li')!;
    expect(castle).toHaveTextContent('invited');
    expect(within(castle).queryByRole('button')).toBeNull();
    await userEvent.click(within(found).getByRole('button', { name: 'Invite Rooks Chess Club' }));
    expect(await screen.findByText(/Rooks Chess Club is invited/)).toBeInTheDocument();
    expect(invited).toEqual([{ team: 'rooks-chess-club' }]);
    // The search is done with: the field is empty and the list gone.
    expect(screen.getByLabelText('Find a team by name')).toHaveValue('');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Teams found' })).toBeNull());
  });

  it('Enter invites the team named exactly so; an unknown name gets the server’s message', async () => {
    const invited: unknown[] = [];
    server.use(
      http.post(`${BASE}/cohosts/`, async ({ request }) => {
        const body = (await request.json()) as { team: string };
        invited.push(body);
        if (body.team === 'rookies') return HttpResponse.json({ team: 'rookies', team_name: 'Rookies', status: 'invited', invited_at: '', accepted_at: null }, { status: 201 });
        return HttpResponse.json(
          { message: `Invalid input: No team is named '${body.team}': search by name and pick one.`, extra: { fields: { team: [`No team is named '${body.team}': search by name and pick one.`] } } },
          { status: 400 },
        );
      }),
    );
    renderWithProviders(<CohostInvite tournament={tournament} />);
    const field = screen.getByLabelText('Find a team by name');
    await userEvent.type(field, 'rookies');
    await screen.findByRole('button', { name: 'Invite Rookies' });
    await userEvent.type(field, '{Enter}');
    await waitFor(() => expect(invited).toEqual([{ team: 'rookies' }]));
    await userEvent.type(field, 'Nobody FC{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^No team is named 'Nobody FC': search by name and pick one\.$/);
    expect(await screen.findByText("No team's name contains “Nobody FC”.")).toBeInTheDocument();
  });
});
