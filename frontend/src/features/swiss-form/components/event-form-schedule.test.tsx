import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { EventForm } from '@/features/swiss-form/components/event-form';
import { tiebreakCatalogue } from '@/features/swiss-form/testing/event-form';
import { buildTournament } from '@/testing/data';
import { csrfHandler } from '@/testing/csrf';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

beforeEach(() => server.use(tiebreakCatalogue));

describe('EventForm: schedule, deadline, check-in, no-show time', () => {
  it('sends the round times in UTC and the optional settings, empty ones as null', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      csrfHandler(),
      http.post('http://localhost/api/tournaments/swiss/', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(buildTournament(), { status: 201 });
      }),
    );
    renderWithProviders(<EventForm team="knights" event={null} onSaved={() => undefined} />);
    await userEvent.type(await screen.findByLabelText('Name'), 'Weekly league');
    fireEvent.change(screen.getByLabelText('Start (your time zone)'), { target: { value: '2031-03-04T19:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Add a round time' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a round time' }));
    fireEvent.change(screen.getByLabelText('Round 1'), { target: { value: '2031-03-04T19:00' } });
    fireEvent.change(screen.getByLabelText('Round 2'), { target: { value: '2031-03-04T18:00' } });
    await userEvent.type(screen.getByLabelText('Check-in (minutes before round 1)'), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Create event' }));
    // The message names the round and the one before it, with that one's time.
    expect(await screen.findByText(/^Round 2 must start after round 1 \(.*2031.*\)\.$/)).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Round 2'), { target: { value: '2031-03-11T19:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      round_times: [new Date('2031-03-04T19:00').toISOString(), new Date('2031-03-11T19:00').toISOString()],
      registration_deadline: null,
      checkin_minutes: 30,
      no_show_seconds: null,
    });
  });
});
