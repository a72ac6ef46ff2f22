import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { EventForm } from '@/features/swiss-form/components/event-form';
import { setField, tiebreakCatalogue } from '@/features/swiss-form/testing/event-form';
import { buildTournament } from '@/testing/data';
import { csrfHandler } from '@/testing/csrf';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

beforeEach(() => server.use(tiebreakCatalogue));

const renderForm = async (event = null as ReturnType<typeof buildTournament> | null) => {
  const saved: unknown[] = [];
  renderWithProviders(<EventForm team="knights" event={event} onSaved={(tournament) => saved.push(tournament)} />);
  return { saved, form: await screen.findByRole('form') };
};

const submit = () => userEvent.click(screen.getByRole('button', { name: /Create event|Save changes/ }));

describe('EventForm', () => {
  it('checks every field before anything is sent', async () => {
    const sent: unknown[] = [];
    server.use(
      csrfHandler(),
      http.post('http://localhost/api/tournaments/swiss/', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(buildTournament(), { status: 201 });
      }),
    );
    await renderForm();
    await setField('Name', '');
    await setField('Minutes per player', '0');
    await setField('Increment (seconds)', '0');
    await setField('Rounds', '0');
    fireEvent.change(screen.getByLabelText('Start (your time zone)'), { target: { value: '' } });
    await setField('Pause between rounds (minutes)', '-1');
    await setField('Minimum rating', '2000');
    await setField('Maximum rating', '1500');
    await setField('Requested byes per player', '101');
    await userEvent.type(screen.getByLabelText('Password'), 'x'.repeat(129));
    await submit();
    const expectations: [string, string][] = [
      ['Name', 'Give the event a name.'],
      ['Minutes per player', 'The clock cannot be 0+0.'],
      ['Rounds', 'At least 1.'],
      ['Start (your time zone)', 'Pick a start date and time.'],
      ['Pause between rounds (minutes)', 'At least 0.'],
      ['Maximum rating', 'Must not be below the minimum rating.'],
      ['Requested byes per player', 'At most 100.'],
      ['Password', 'At most 128 characters.'],
    ];
    for (const [label, message] of expectations) {
      await waitFor(() => expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message));
    }
    await setField('Rounds', '101');
    await setField('Increment (seconds)', '181');
    await submit();
    await waitFor(() => expect(screen.getByLabelText('Rounds')).toHaveAccessibleDescription('At most 100.'));
    expect(screen.getByLabelText('Increment (seconds)')).toHaveAccessibleDescription('At most 180.');
    expect(sent).toEqual([]);
  });

  it('sends the settings in the API’s units and puts its errors on the fields', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      csrfHandler(),
      http.post('http://localhost/api/tournaments/swiss/', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(
          {
            message: 'Invalid input.',
            extra: { fields: { tiebreak_order: ['Unknown tie-break "XX".'], start_time: ['Must be in the future.'] } },
          },
          { status: 400 },
        );
      }),
    );
    await renderForm();
    await setField('Name', 'Club Swiss');
    await userEvent.click(screen.getByRole('button', { name: 'Rapid 10+5' }));
    fireEvent.change(screen.getByLabelText('Start (your time zone)'), { target: { value: '2030-05-04T19:30' } });
    await userEvent.click(screen.getByLabelText('Daily at the start time'));
    await submit();
    await waitFor(() => expect(screen.getByLabelText('Start (your time zone)')).toHaveAccessibleDescription('Must be in the future.'));
    expect(screen.getByRole('group', { name: 'Tie-break order' })).toHaveAccessibleDescription('Unknown tie-break "XX".');
    expect(sent[0]).toMatchObject({
      team: 'knights',
      name: 'Club Swiss',
      clock_limit_seconds: 600,
      clock_increment_seconds: 5,
      start_time: new Date('2030-05-04T19:30').toISOString(),
      round_interval_seconds: 86400,
      min_rating: null,
      tiebreak_order: ['BH', 'SB', 'PS', 'DE'],
    });
  });

  it('after the start: clock, start time and mode are locked with the reason, the rest is saved', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      csrfHandler(),
      http.patch('http://localhost/api/tournaments/swiss/7/', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(buildTournament({ num_rounds: 6 }));
      }),
    );
    const { saved } = await renderForm(buildTournament({ status: 'running', current_round: 2 }));
    for (const label of ['Minutes per player', 'Increment (seconds)', 'Start (your time zone)', 'Games']) expect(screen.getByLabelText(label)).toBeDisabled();
    expect(within(screen.getByRole('group', { name: 'Time control' })).getByText('Fixed once the event has started.')).toBeInTheDocument();
    expect(screen.getAllByText('Fixed once the event has started.')).toHaveLength(3);
    await setField('Rounds', '6');
    await submit();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(sent[0]).toMatchObject({ num_rounds: 6 });
    expect(sent[0]).not.toHaveProperty('start_time');
    expect(sent[0]).not.toHaveProperty('clock_limit_seconds');
    expect(sent[0]).not.toHaveProperty('mode');
    expect(sent[0]).not.toHaveProperty('password');
  });

  it('says where co-hosts are invited and prizes entered: on the event page, once it exists', async () => {
    await renderForm();
    const teams = screen.getByRole('group', { name: 'Teams (co-hosted events)' });
    expect(teams).toHaveTextContent('Co-hosting teams are invited, and prizes entered, once the event exists');
    expect(teams).toHaveTextContent('“Co-hosting teams” and “Prize table”');
  });
});
