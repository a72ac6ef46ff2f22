import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { EventForm } from '@/features/swiss-form/components/event-form';
import { setField, tiebreakCatalogue } from '@/features/swiss-form/testing/event-form';
import { buildTournament } from '@/testing/data';
import { csrfHandler } from '@/testing/csrf';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

beforeEach(() => server.use(tiebreakCatalogue));

const AGE = 'Minimum account age (days)';
const GAMES = "Minimum rated games at the event's speed";

describe('EventForm: fair-play entry rules', () => {
  it('refuses negative and fractional values, then sends whole numbers (blank: none)', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      csrfHandler(),
      http.patch('http://localhost/api/tournaments/swiss/7/', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(buildTournament());
      }),
    );
    const saved: unknown[] = [];
    renderWithProviders(
      <EventForm team="knights" event={buildTournament({ min_account_age_days: 30, min_rated_games: null })} onSaved={(t) => saved.push(t)} />,
    );
    expect(await screen.findByLabelText(AGE)).toHaveValue(30);
    expect(screen.getByLabelText(GAMES)).toHaveValue(null);
    expect(screen.getByLabelText(GAMES)).toHaveAttribute('placeholder', 'None');
    await setField(AGE, '-1');
    await setField(GAMES, '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByLabelText(AGE)).toHaveAccessibleDescription('At least 0.'));
    expect(screen.getByLabelText(GAMES)).toHaveAccessibleDescription('Games must be a whole number.');
    expect(sent).toEqual([]);

    await setField(AGE, '');
    await setField(GAMES, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(sent[0]).toMatchObject({ min_account_age_days: null, min_rated_games: 20 });
  });

  it('puts the server’s field messages on the fields', async () => {
    server.use(
      csrfHandler(),
      http.post('http://localhost/api/tournaments/swiss/', () =>
        HttpResponse.json(
          { message: 'Invalid input.', extra: { fields: { min_rated_games: ['Ensure this value is less than or equal to 100000.'] } } },
          { status: 400 },
        ),
      ),
    );
    renderWithProviders(<EventForm team="knights" event={null} onSaved={() => undefined} />);
    await screen.findByRole('form');
    await setField('Name', 'Club Swiss');
    await setField(GAMES, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(screen.getByLabelText(GAMES)).toHaveAccessibleDescription('Ensure this value is less than or equal to 100000.'));
  });
});
