import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { TeamView } from '@/features/teams/components/team-view';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const TEAM = 'http://localhost/api/teams/knights';

const team = (overrides: object) => ({
  id: 1,
  name: 'Knights',
  slug: 'knights',
  description: 'Tuesday club',
  join_policy: 'open',
  created_at: '2026-01-01T00:00:00Z',
  member_count: 3,
  my_role: null,
  my_request: null,
  ...overrides,
});

const useTeamApi = (policy: 'open' | 'request') => {
  let role: string | null = null;
  let request: object | null = null;
  server.use(
    http.get('http://localhost/api/auth/csrf/', () => HttpResponse.json({ csrf_token: 't' })),
    http.get(`${TEAM}/`, () => HttpResponse.json(team({ join_policy: policy, my_role: role, my_request: request }))),
    http.get(`${TEAM}/members/`, () =>
      HttpResponse.json({ count: 1, next: null, previous: null, results: [{ username: 'lead', role: 'leader', joined_at: '2026-01-01T00:00:00Z' }] }),
    ),
    http.post(`${TEAM}/join/`, () => {
      if (policy === 'request') {
        request = { id: 5, username: 'alice', message: '', status: 'pending', created_at: '2026-01-01T00:00:00Z', decided_by: null, decided_at: null };
        return HttpResponse.json(request, { status: 202 });
      }
      role = 'member';
      return HttpResponse.json({ username: 'alice', role: 'member', joined_at: '2026-01-01T00:00:00Z' }, { status: 201 });
    }),
    http.post(`${TEAM}/leave/`, () => {
      role = null;
      return new HttpResponse(null, { status: 204 });
    }),
  );
};

describe('TeamView', () => {
  it('joins an open team and leaves it again', async () => {
    useTeamApi('open');
    renderWithProviders(<TeamView slug="knights" signedIn events={<p>events here</p>} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Knights' })).toBeInTheDocument();
    expect(screen.getByText('events here')).toBeInTheDocument();
    expect(await screen.findByText('(leader)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Join team' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave team' }));
    expect(await screen.findByRole('button', { name: 'Join team' })).toBeInTheDocument();
    expect(screen.getByText('You left the team.')).toBeInTheDocument();
  });

  it('asks to join a by-request team', async () => {
    useTeamApi('request');
    renderWithProviders(<TeamView slug="knights" signedIn events={null} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Request to join' }));
    expect(await screen.findByText('Request sent: a leader will decide.')).toBeInTheDocument();
    expect(await screen.findByText('Request pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request to join' })).not.toBeInTheDocument();
  });

  it('shows a pending request after a reload', async () => {
    useTeamApi('request');
    server.use(
      http.get(`${TEAM}/`, () =>
        HttpResponse.json(
          team({
            join_policy: 'request',
            my_request: { id: 5, username: 'alice', message: '', status: 'pending', created_at: '2026-01-01T00:00:00Z', decided_by: null, decided_at: null },
          }),
        ),
      ),
    );
    renderWithProviders(<TeamView slug="knights" signedIn events={null} />);
    expect(await screen.findByText('Request pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request to join' })).not.toBeInTheDocument();
  });

  it('offers a visitor the login page, and nothing while the session is unknown', async () => {
    useTeamApi('open');
    const unknown = renderWithProviders(<TeamView slug="knights" signedIn={undefined} events={null} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Knights' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join team' })).not.toBeInTheDocument();
    unknown.unmount();
    renderWithProviders(<TeamView slug="knights" signedIn={false} events={null} />);
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });
});
