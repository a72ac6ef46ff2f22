import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route } from 'wouter';

import { EditEventRoute } from '@/app/routes/edit-event';
import { buildTournament } from '@/testing/data';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const renderAt = (status: string) => {
  server.use(http.get('http://localhost/api/tournaments/swiss/7/', () => HttpResponse.json(buildTournament({ status, name: 'Tuesday Blitz' }))));
  renderWithProviders(
    <Route path="/swiss/:id/edit">
      <EditEventRoute />
    </Route>,
    { path: '/swiss/7/edit' },
  );
};

describe('EditEventRoute', () => {
  it('a finished event shows only why it cannot be edited and where to go instead, no form', async () => {
    renderAt('finished');
    expect(await screen.findByText('Tuesday Blitz has finished, so its settings can no longer be changed.')).toBeInTheDocument();
    const links = screen.getByRole('navigation', { name: 'What can still be done' });
    expect(within(links).getByRole('link', { name: 'Back to the event' })).toHaveAttribute('href', '/swiss/7');
    expect(within(links).getByRole('link', { name: 'FIDE rating report' })).toHaveAttribute('href', '/swiss/7/rating-report');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });

  it('a cancelled event too, without what only a finished one offers', async () => {
    renderAt('cancelled');
    expect(await screen.findByText('Tuesday Blitz was cancelled, so its settings can no longer be changed.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'FIDE rating report' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('a leader of a running event gets the form', async () => {
    server.use(
      http.get('http://localhost/api/auth/session/', () => HttpResponse.json({ user: { id: 1, username: 'lead' } })),
      http.get('http://localhost/api/teams/knights/', () => HttpResponse.json({ slug: 'knights', name: 'Knights', my_role: 'leader' })),
      // The form shows once the server's tie-break codes are in.
      http.get('http://localhost/api/tournaments/swiss/tiebreaks/', () => HttpResponse.json({ tiebreaks: [], default_order: ['BH', 'SB', 'PS', 'DE'] })),
    );
    renderAt('running');
    expect(await screen.findByRole('form', { name: 'Edit the event' })).toBeInTheDocument();
    // Where co-hosts and prizes are set: the event's page, linked.
    expect(screen.getByRole('link', { name: 'the event’s page' })).toHaveAttribute('href', '/swiss/7');
  });
});
