import { screen, waitFor } from '@testing-library/react';
import { ws } from 'msw';

import { swissKeys } from '@/features/tournaments/api/swiss-keys';
import { SwissLiveStatus } from '@/features/tournaments/components/swiss-live-status';
import { useSwissLive } from '@/features/tournaments/hooks/use-swiss-live';
import type { Standing } from '@/features/tournaments/types/swiss';
import { buildStanding, buildTournament, page } from '@/testing/data';
import { server } from '@/testing/msw-server';
import { createTestQueryClient, renderWithProviders } from '@/testing/render-with-providers';
import type { Page } from '@/lib/page';

// msw 3 matches socket addresses without their trailing slash.
const socket = ws.link('ws://localhost/ws/tournaments/swiss/7');

const Live = () => <SwissLiveStatus status={useSwissLive(7)} />;

describe('useSwissLive', () => {
  it('applies pushes to the cache, shows "Reconnecting…" while down and refetches on reconnect', async () => {
    let connections = 0;
    const sockets: { close: () => void }[] = [];
    server.use(
      socket.addEventListener('connection', ({ client }) => {
        connections += 1;
        sockets.push(client);
        client.send(JSON.stringify({ event: 'hello', payload: { tournament: 7, status: 'running', current_round: 1, standings_version: 3 } }));
        if (connections === 1)
          client.send(
            JSON.stringify({ event: 'standings_update', payload: { version: 4, standings: [buildStanding({ username: 'bob' })] } }),
          );
      }),
    );
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(swissKeys.detail(7), buildTournament({ standings_version: 3 }));
    queryClient.setQueryData(swissKeys.standingsPage(7, 1), page([buildStanding({ username: 'alice' })]));
    renderWithProviders(<Live />, { queryClient });

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Live'));
    await waitFor(() =>
      expect(queryClient.getQueryData<Page<Standing>>(swissKeys.standingsPage(7, 1))?.results[0]?.username).toBe('bob'),
    );
    expect(queryClient.getQueryState(swissKeys.detail(7))?.isInvalidated).toBe(false);

    sockets[0]?.close();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Reconnecting…'));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Live'), { timeout: 5000 });
    expect(connections).toBe(2);
    // Events may have been missed while the socket was down: the event's queries are stale.
    expect(queryClient.getQueryState(swissKeys.detail(7))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(swissKeys.standingsPage(7, 1))?.isInvalidated).toBe(true);
  });
});
