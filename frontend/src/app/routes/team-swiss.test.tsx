import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';

import { TeamSwissRoute } from '@/app/routes/team-swiss';
import { buildTeamRound, buildTeamSwissEvent } from '@/features/team-swiss/testing/builders';
import type { TeamSwissEvent } from '@/features/team-swiss/types/team-swiss';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

/** The team event page of a host team's leader, the event as given, one open call in its games. */
const renderFor = (event: TeamSwissEvent) => {
  const asked: string[] = [];
  server.use(
    http.get('http://localhost/api/auth/session/', () => HttpResponse.json({ user: { id: 1, username: 'lead' } })),
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
    <Routes>
      <Route path="team-swiss/:id" element={<TeamSwissRoute />} />
    </Routes>,
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
});
