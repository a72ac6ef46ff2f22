import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { SwissPodium } from '@/features/swiss-event/components/swiss-podium';
import { buildStanding, buildTournament, page } from '@/testing/data';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const standings = http.get('http://localhost/api/tournaments/swiss/7/standings/', () =>
  HttpResponse.json(page([buildStanding({ username: 'alice', points: '4.0', tiebreaks: { SB: '9.50' } })])),
);

describe('SwissPodium', () => {
  it('waits for the tie-break names, then names the first tie-break as the server does', async () => {
    let release = () => undefined as void;
    const served = new Promise<void>((resolve) => (release = resolve));
    server.use(
      standings,
      http.get('http://localhost/api/tournaments/swiss/tiebreaks/', async () => {
        await served;
        return HttpResponse.json({ tiebreaks: [{ code: 'SB', label: 'Sonneborn-Berger', description: 'Weighted.', offered: true }], default_order: ['BH'] });
      }),
    );
    renderWithProviders(<SwissPodium tournament={buildTournament({ id: 7, status: 'finished', tiebreak_order: ['SB', 'BH'] })} />);
    expect(screen.getByText('Loading the podium…')).toBeInTheDocument();
    release();
    const abbr = await screen.findByTitle('Sonneborn-Berger');
    expect(abbr).toHaveTextContent('SB');
    expect(screen.getByText(/4\.0 points/)).toHaveTextContent('4.0 points · SB 9.50');
  });

  it('shows the places with the bare code when the names cannot be read', async () => {
    server.use(
      standings,
      http.get('http://localhost/api/tournaments/swiss/tiebreaks/', () => HttpResponse.json({ message: 'Down.', extra: {} }, { status: 503 })),
    );
    renderWithProviders(<SwissPodium tournament={buildTournament({ id: 7, status: 'finished', tiebreak_order: ['SB'] })} />);
    expect(await screen.findByTitle('SB')).toHaveTextContent('SB');
  });
});
