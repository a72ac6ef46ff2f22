import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import type { LobbyTeamEvent } from '@/features/swiss-event/api/get-tournaments';
import { SwissLobby } from '@/features/swiss-event/components/swiss-lobby';
import { buildTournament, page } from '@/testing/data';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const teamEvent = (overrides: Partial<LobbyTeamEvent> = {}): LobbyTeamEvent => ({
  id: 31,
  host: 'rooks',
  host_name: 'Rooks Chess Club',
  name: 'Club League',
  description: '',
  boards: 4,
  num_rounds: 5,
  current_round: 0,
  colour_model: 'typea',
  primary_score: 'mp',
  match_points: { win: '2', draw: '1', loss: '0' },
  game_points: { win: '1', draw: '0.5', loss: '0' },
  pab_match_points: '1',
  pab_game_points: null,
  tiebreaks: [],
  initial_colour: 'white',
  lineup_minutes: 10,
  mode: 'otb',
  starts_at: '2026-11-30T18:00:00Z',
  status: 'created',
  team_count: 3,
  created_by: 'leader',
  created_at: '2026-11-20T18:00:00Z',
  version: 0,
  ...overrides,
});

describe('SwissLobby', () => {
  it('lists ongoing, upcoming and finished events by team name, the viewer’s teams first', async () => {
    const asked: string[] = [];
    server.use(
      http.get('http://localhost/api/tournaments/swiss/', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        const status = url.searchParams.get('status');
        if (status === 'running')
          return HttpResponse.json(
            page([
              buildTournament({ id: 1, name: 'Open Blitz', team: 'others', team_name: 'Other Club' }),
              buildTournament({
                id: 2,
                name: 'Club Rapid',
                team: 'demo-chess-club',
                team_name: 'Demo Chess Club',
                clock_limit_seconds: 600,
                clock_increment_seconds: 5,
              }),
            ]),
          );
        if (status === 'scheduled') return HttpResponse.json(page([buildTournament({ id: 3, name: 'Next Week', status: 'scheduled' })]));
        return HttpResponse.json(page([]));
      }),
    );
    renderWithProviders(<SwissLobby myTeams={['demo-chess-club']} />);
    const ongoing = await screen.findByRole('list', { name: 'Ongoing events' });
    const items = within(ongoing).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('link', { name: 'Club Rapid' })).toHaveAttribute('href', '/swiss/2');
    // The team's name, not its slug, and the badge apart from it.
    expect(items[0]).toHaveTextContent(/Demo Chess Club\s+your team/);
    expect(items[0]).not.toHaveTextContent('demo-chess-club');
    expect(items[0]).toHaveTextContent('10+5');
    expect(items[1]).toHaveTextContent('Other Club');
    expect(within(items[1]!).getByRole('link', { name: 'Open Blitz' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Next Week' })).toHaveAttribute('href', '/swiss/3');
    expect(await screen.findByText('No event has finished yet.')).toBeInTheDocument();
    expect(asked.sort()).toEqual(['?status=finished&page_size=20', '?status=running&page_size=50', '?status=scheduled&page_size=50']);
  });

  it('lists the team Swiss events beside the individual ones, marked as team events', async () => {
    const asked: string[] = [];
    server.use(
      http.get('http://localhost/api/tournaments/swiss/', ({ request }) => {
        const status = new URL(request.url).searchParams.get('status');
        if (status === 'scheduled')
          return HttpResponse.json(page([buildTournament({ id: 3, name: 'Next Week', status: 'scheduled', start_time: '2026-11-29T18:00:00Z', team: 'others' })]));
        return HttpResponse.json(page([]));
      }),
      http.get('http://localhost/api/team-swiss/', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.searchParams.getAll('status').join(','));
        if (url.searchParams.get('status') === 'created') return HttpResponse.json(page([teamEvent()]));
        if (url.searchParams.get('status') === 'started')
          return HttpResponse.json(page([teamEvent({ id: 32, name: 'Winter League', status: 'started', current_round: 2, host: 'knights' })]));
        return HttpResponse.json(page([]));
      }),
    );
    renderWithProviders(<SwissLobby myTeams={['knights']} withTeamEvents />);
    const upcoming = await screen.findByRole('list', { name: 'Upcoming events' });
    const items = within(upcoming).getAllByRole('listitem');
    // The soonest first among the upcoming events, whatever the kind.
    expect(within(items[0]!).getByRole('link', { name: 'Next Week' })).toHaveAttribute('href', '/swiss/3');
    expect(items[0]).not.toHaveTextContent('Team Swiss');
    expect(within(items[1]!).getByRole('link', { name: 'Club League' })).toHaveAttribute('href', '/team-swiss/31');
    expect(items[1]).toHaveTextContent('Team Swiss');
    expect(items[1]).toHaveTextContent('Hosted by Rooks Chess Club');
    expect(items[1]).toHaveTextContent('3 teams · 4 boards · 5 rounds');
    const ongoing = await screen.findByRole('list', { name: 'Ongoing events' });
    expect(ongoing).toHaveTextContent('round 2 of 5');
    expect(ongoing).toHaveTextContent('your team');
    expect(await screen.findByText('No event has finished yet.')).toBeInTheDocument();
    expect(asked.sort()).toEqual(['created', 'finished', 'started']);
  });

  it('a team page lists the events its team hosts or co-hosts, and no team Swiss here', async () => {
    const clubs = new Set<string | null>();
    let teamSwissAsked = false;
    server.use(
      http.get('http://localhost/api/tournaments/swiss/', ({ request }) => {
        const url = new URL(request.url);
        clubs.add(url.searchParams.get('club'));
        if (url.searchParams.get('status') === 'scheduled')
          return HttpResponse.json(
            page([
              buildTournament({
                id: 9,
                name: 'Inter-club Open',
                status: 'scheduled',
                team: 'rooks',
                team_name: 'Rooks',
                cohosts: [
                  { team: 'knights', team_name: 'Knights', status: 'accepted', invited_at: '2026-11-01T00:00:00Z', accepted_at: '2026-11-02T00:00:00Z' },
                ],
              }),
            ]),
          );
        return HttpResponse.json(page([]));
      }),
      http.get('http://localhost/api/team-swiss/', () => {
        teamSwissAsked = true;
        return HttpResponse.json(page([]));
      }),
    );
    renderWithProviders(<SwissLobby club="knights" />);
    const upcoming = await screen.findByRole('list', { name: 'Upcoming events' });
    expect(upcoming).toHaveTextContent('Rooks, Knights');
    expect([...clubs]).toEqual(['knights']);
    expect(teamSwissAsked).toBe(false);
  });
});
