import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route } from 'wouter';

import { ProfileRoute } from '@/app/routes/profile';
import type { RatingHistoryItem, SpeedRating } from '@/features/ratings/types/ratings';
import { buildTournament, page } from '@/testing/data';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const rating = (overrides: Partial<SpeedRating>): SpeedRating => ({
  speed: 'blitz',
  rating: 1500,
  deviation: 500,
  provisional: true,
  games: 0,
  last_rated_at: null,
  ...overrides,
});

const game = (overrides: Partial<RatingHistoryItem>): RatingHistoryItem => ({
  speed: 'rapid',
  rated_at: '2026-11-20T18:00:00Z',
  rating_before: 1500,
  rating_after: 1512,
  diff: 12,
  deviation_after: 290,
  score: 1,
  opponent: 'bob',
  tournament_id: 7,
  tournament_name: 'Club Rapid',
  round: 1,
  ...overrides,
});

const renderProfile = (username: string) =>
  renderWithProviders(
    <Route path="/@/:username">
      <ProfileRoute />
    </Route>,
    { path: `/@/${username}` },
  );

describe('ProfileRoute', () => {
  it('shows each speed’s rating, opens on the busiest speed’s history, and lists the events', async () => {
    const asked: string[] = [];
    server.use(
      http.get('http://localhost/api/users/alice/', () =>
        HttpResponse.json({
          username: 'alice',
          date_joined: '2026-01-01T00:00:00Z',
          ratings: [
            rating({ speed: 'bullet' }),
            rating({ speed: 'blitz', rating: 1620, deviation: 80, provisional: false, games: 1 }),
            rating({ speed: 'rapid', rating: 1488, deviation: 150, games: 2 }),
            rating({ speed: 'classical' }),
          ],
        }),
      ),
      http.get('http://localhost/api/users/alice/rating-history/', ({ request }) => {
        const speed = new URL(request.url).searchParams.get('speed') ?? '';
        asked.push(speed);
        if (speed === 'rapid')
          return HttpResponse.json(
            page([game({ round: 2, rating_before: 1512, rating_after: 1488, diff: -24, score: 0, opponent: 'carol' }), game({})]),
          );
        return HttpResponse.json(page([]));
      }),
      http.get('http://localhost/api/tournaments/swiss/', ({ request }) => {
        expect(new URL(request.url).searchParams.get('player')).toBe('alice');
        return HttpResponse.json(page([buildTournament({ id: 7, name: 'Club Rapid', speed: 'rapid' })]));
      }),
    );
    renderProfile('alice');
    const tabs = await screen.findByRole('tablist', { name: 'Ratings by speed' });
    const [bullet, blitz, rapid] = within(tabs).getAllByRole('tab');
    expect(bullet).toHaveTextContent('1500?');
    expect(blitz).toHaveTextContent('1620');
    expect(blitz).not.toHaveTextContent('?');
    expect(rapid).toHaveTextContent('1488?2 rated games');
    expect(rapid).toHaveAttribute('aria-selected', 'true');

    const games = await screen.findByRole('table', { name: 'Rapid rated games' });
    const rows = within(games).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('lost against carol');
    expect(rows[0]).toHaveTextContent('1488 −24');
    expect(rows[1]).toHaveTextContent('won against bob');
    expect(rows[1]).toHaveTextContent('1512 +12');
    expect(within(rows[0]!).getByRole('link', { name: 'carol' })).toHaveAttribute('href', '/@/carol');

    const events = await screen.findByRole('list', { name: 'Events' });
    expect(within(events).getByRole('link', { name: 'Club Rapid' })).toHaveAttribute('href', '/swiss/7');

    await userEvent.click(blitz!);
    expect(await screen.findByText('No rated blitz game yet.')).toBeInTheDocument();
    expect(asked).toEqual(['rapid', 'blitz']);
  });

  it('an unknown player gets a plain message', async () => {
    server.use(
      http.get('http://localhost/api/users/ghost/', () => HttpResponse.json({ message: 'No such user.', extra: {} }, { status: 404 })),
    );
    renderProfile('ghost');
    expect(await screen.findByText('No player is called ghost.')).toBeInTheDocument();
  });
});
