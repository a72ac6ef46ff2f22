import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { SwissEntryConditions } from '@/features/swiss-event/components/swiss-entry-conditions';
import { buildTournament } from '@/testing/data';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

describe('SwissEntryConditions', () => {
  it('lists the fair-play rules with whether the viewer meets them', async () => {
    server.use(
      http.get('http://localhost/api/tournaments/swiss/7/entry-conditions/', () =>
        HttpResponse.json([
          { code: 'team', text: 'Member of Knights', met: true, detail: '' },
          { code: 'min_account_age_days', text: 'Account at least 30 days old', met: true, detail: 'Your account: 45 days old' },
          { code: 'min_rated_games', text: 'At least 20 rated games at blitz', met: false, detail: 'You have played 3 rated games' },
        ]),
      ),
    );
    renderWithProviders(<SwissEntryConditions tournament={buildTournament({ id: 7 })} username="alice" />);
    const age = await screen.findByText('Account at least 30 days old', { exact: false });
    expect(age.closest('li')).toHaveTextContent('Account at least 30 days old (met) · Your account: 45 days old');
    const games = screen.getByText('At least 20 rated games at blitz', { exact: false }).closest('li');
    expect(games).toHaveAttribute('data-condition', 'min_rated_games');
    expect(games).toHaveTextContent('At least 20 rated games at blitz (not met) · You have played 3 rated games');
    expect(games).toHaveTextContent('✗');
  });
});
