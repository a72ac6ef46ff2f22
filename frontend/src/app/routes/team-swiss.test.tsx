import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route } from 'wouter';

import { TeamSwissRoute } from '@/app/routes/team-swiss';
import { buildTeamEntry, buildTeamRound, buildTeamSwissEvent } from '@/lib/team-swiss/testing/builders';
import type { TeamSwissEvent } from '@/lib/team-swiss/types';
import { teamTiebreakCatalogueHandler } from '@/lib/team-swiss/testing/tiebreak-catalogue';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

/** The team event page of a host team's leader, the event as given, one open call in its games. */
const renderFor = (event: TeamSwissEvent) => {
  const asked: string[] = [];
  server.use(
    http.get('http://localhost/api/auth/session/', () => HttpResponse.json({ user: { id: 1, username: 'lead' } })),
    teamTiebreakCatalogueHandler,
    http.get('*/api/team-swiss/5/', () => HttpResponse.json(event)),
    http.get('*/api/team-swiss/5/rounds/1/', () => HttpResponse.json(buildTeamRound({ status: 'playing', lineups_close_at: null }))),
    http.get('*/api/team-swiss/5/standings/', () => HttpResponse.json({ version: 1, standings: [] })),
    http.get('*/api/team-swiss/5/crosstable/', () => HttpResponse.json([])),
    http.get('*/api/team-swiss/5/board-scores/', () => HttpResponse.json([])),
    http.get('*/api/games/calls/', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json([
        {
          id: 1,
          game_id: 40,
          tournament_id: null,
          team_swiss_id: 5,
          round: 1,
          table: 1,
          board: 2,
          caller: 'anna',
          colour: 'white',
          reason: 'disconnection',
          reason_label: 'Disconnection',
          text: '',
          status: 'open',
          created_at: '2026-12-06T20:00:00Z',
          closed_at: null,
        },
      ]);
    }),
  );
  renderWithProviders(
    <Route path="/team-swiss/:id">
      <TeamSwissRoute />
    </Route>,
    { path: '/team-swiss/5' },
  );
  return asked;
};

describe('TeamSwissRoute: the arbiter panel', () => {
  it("of an online event being played lists the event's arbiter calls, and has the audit log", async () => {
    const asked = renderFor(buildTeamSwissEvent({ viewer_is_leader: true, mode: 'online', clock_minutes: 3, status: 'started' }));
    const panel = await screen.findByRole('region', { name: 'Arbiter' });
    expect(await within(panel).findByRole('heading', { name: 'Arbiter calls (1)' })).toBeInTheDocument();
    expect(within(panel).getByRole('listitem', { name: 'Call from anna' })).toHaveTextContent('Round 1, match 1, board 2: anna (white) — Disconnection');
    expect(asked).toEqual(['?team_swiss=5']);
    expect(within(panel).getByText('Audit log')).toBeInTheDocument();
  });

  it('of an event over the board has the audit log and no calls', async () => {
    const asked = renderFor(buildTeamSwissEvent({ viewer_is_leader: true, mode: 'otb', status: 'started' }));
    const panel = await screen.findByRole('region', { name: 'Arbiter' });
    expect(within(panel).getByText('Audit log')).toBeInTheDocument();
    expect(within(panel).queryByRole('heading', { name: /Arbiter calls/ })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it("shows a leader the engine's refusal when no pairing exists, and no \"Register your team\"", async () => {
    renderFor(buildTeamSwissEvent({ status: 'created', current_round: 0, round: null, viewer_is_leader: true, teams: [buildTeamEntry({ tpn: 1 })] }));
    server.use(
      http.get('http://localhost/api/auth/csrf/', () => {
        document.cookie = 'csrftoken=t; path=/';
        return HttpResponse.json({ csrf_token: 't' });
      }),
      http.post('*/api/team-swiss/5/start-next-round/', () => HttpResponse.json({ message: 'No pairing exists: fewer than two teams.', extra: {} }, { status: 400 })),
    );
    const arbiter = await screen.findByRole('region', { name: 'Arbiter' });
    // A leader registers teams in the panel, not in "Register your team".
    expect(screen.queryByRole('region', { name: 'Register your team' })).not.toBeInTheDocument();
    await userEvent.click(within(arbiter).getByRole('button', { name: 'Pair round 1' }));
    expect(await within(arbiter).findByRole('alert')).toHaveTextContent('No pairing exists: fewer than two teams.');
  });

  it('shows no arbiter panel to a visitor who leads nothing', async () => {
    renderFor(buildTeamSwissEvent({ viewer_is_leader: false }));
    expect(await screen.findByRole('heading', { name: 'Club Team Cup' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Arbiter' })).not.toBeInTheDocument();
  });
});
