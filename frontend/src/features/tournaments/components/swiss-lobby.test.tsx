import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { SwissLobby } from '@/features/tournaments/components/swiss-lobby';
import { buildTournament, page } from '@/testing/data';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

describe('SwissLobby', () => {
  it('lists ongoing, upcoming and finished events, the viewer’s teams first', async () => {
    const asked: string[] = [];
    server.use(
      http.get('http://localhost/api/tournaments/swiss/', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        const status = url.searchParams.get('status');
        if (status === 'running')
          return HttpResponse.json(
            page([
              buildTournament({ id: 1, name: 'Open Blitz', team: 'others' }),
              buildTournament({ id: 2, name: 'Club Rapid', team: 'knights', clock_limit_seconds: 600, clock_increment_seconds: 5 }),
            ]),
          );
        if (status === 'scheduled') return HttpResponse.json(page([buildTournament({ id: 3, name: 'Next Week', status: 'scheduled' })]));
        return HttpResponse.json(page([]));
      }),
    );
    renderWithProviders(<SwissLobby myTeams={['knights']} />);
    const ongoing = await screen.findByRole('list', { name: 'Ongoing events' });
    const items = within(ongoing).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('link', { name: 'Club Rapid' })).toHaveAttribute('href', '/swiss/2');
    expect(items[0]).toHaveTextContent('your team');
    expect(items[0]).toHaveTextContent('10+5');
    expect(within(items[1]!).getByRole('link', { name: 'Open Blitz' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Next Week' })).toHaveAttribute('href', '/swiss/3');
    expect(await screen.findByText('No event has finished yet.')).toBeInTheDocument();
    expect(asked.sort()).toEqual(['?status=finished&page_size=20', '?status=running&page_size=50', '?status=scheduled&page_size=50']);
  });

  it('a team page lists that team’s events only', async () => {
    const teams = new Set<string | null>();
    server.use(
      http.get('http://localhost/api/tournaments/swiss/', ({ request }) => {
        teams.add(new URL(request.url).searchParams.get('team'));
        return HttpResponse.json(page([]));
      }),
    );
    renderWithProviders(<SwissLobby team="knights" />);
    expect(await screen.findByText('No event is scheduled.')).toBeInTheDocument();
    expect([...teams]).toEqual(['knights']);
  });
});
