import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse, ws } from 'msw';
import { MemoryRouter } from 'react-router';

import { queryClient } from '@/app/query-client';
import { AppRoutes } from '@/app/router';
import { server } from '@/testing/msw-server';

const renderAt = (path: string) =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
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
