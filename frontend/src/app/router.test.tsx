import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse, ws } from 'msw';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

import { queryClient } from '@/app/query-client';
import { AppRoutes } from '@/app/router';
import { parseRoute } from '@/lib/route-parser';
import { server } from '@/testing/msw-server';

const renderAt = (path: string) =>
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Router hook={memoryLocation({ path }).hook} parser={parseRoute}>
          <AppRoutes />
        </Router>
      </QueryClientProvider>
    </I18nProvider>,
  );

describe('routes', () => {
  beforeEach(() => {
    queryClient.clear();
    server.use(http.get('http://localhost/api/auth/session/', () => HttpResponse.json({ user: null })));
  });

  it('an unknown path shows the app’s own not-found page', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it('a fixed path comes before a parameter in the same place: /team-swiss/new is the creation page', async () => {
    renderAt('/team-swiss/new');
    expect(await screen.findByRole('alert')).toHaveTextContent('A team Swiss is created from its host team');
    expect(screen.getByRole('link', { name: 'your teams' })).toHaveAttribute('href', '/teams');
  });

  it('an event the API does not know is not found either, and its socket is never opened', async () => {
    const sockets: string[] = [];
    server.use(
      http.get('http://localhost/api/tournaments/swiss/999/', () => HttpResponse.json({ message: 'No such tournament.', extra: {} }, { status: 404 })),
      http.get('http://localhost/api/tournaments/swiss/999/standings/', () => HttpResponse.json({ message: 'No such tournament.', extra: {} }, { status: 404 })),
      http.get('http://localhost/api/tournaments/swiss/999/rounds/', () => HttpResponse.json({ message: 'No such tournament.', extra: {} }, { status: 404 })),
      // The server would refuse the socket of an unknown event: the page waits for the event first.
      ws.link('ws://localhost/ws/tournaments/swiss/999').addEventListener('connection', ({ client }) => {
        sockets.push(client.url.href);
        client.close(4404, 'unknown');
      }),
    );
    renderAt('/swiss/999');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(sockets).toEqual([]);
  });
});
