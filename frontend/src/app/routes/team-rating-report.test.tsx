import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route } from 'wouter';

import type { EventFideDataInput, RatingReport } from '@/features/rating-report/api/rating-report';
import { TeamRatingReportRoute } from '@/app/routes/rating-report';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

// A team event's report: the same answer, read and corrected through the team event's API.
const BASE = 'http://localhost/api/team-swiss/9';

const player = {
  entry: 88,
  start_number: 8,
  name: 'Nyhus, Per',
  username: 'per',
  fide_id: '1534567',
  federation: 'FIN',
  title: '',
  birth_year: null,
  sex: 'w',
  rating: null,
  rated_games: 0,
};

const placeFinding: RatingReport['findings'][number] = {
  entry: null,
  start_number: null,
  player: '',
  field: 'place',
  message: 'no place (022)',
  rule: 'TRF-2026 022',
  severity: 'error',
};

const report = (over: Partial<RatingReport> = {}): RatingReport => ({
  tournament: {
    id: 9,
    name: 'Club League',
    status: 'finished',
    mode: 'otb',
    venue: '',
    federation: 'NOR',
    chief_arbiter_name: 'Hansen, Kari',
    chief_arbiter_fide_id: '1500011',
    deputy_arbiters: [],
  },
  clean: false,
  error_count: 2,
  warning_count: 0,
  rated_games: 7,
  findings: [
    placeFinding,
    {
      entry: 88,
      start_number: 8,
      player: 'Nyhus, Per',
      field: 'birth_date',
      message: 'no birth date',
      rule: 'FIDE Rating Regulations',
      severity: 'error',
    },
  ],
  players: [player],
  ...over,
});

const renderPage = () =>
  renderWithProviders(
    <Route path="/team-swiss/:id/rating-report">
      <TeamRatingReportRoute />
    </Route>,
    { path: '/team-swiss/9/rating-report' },
  );

describe('TeamRatingReportRoute', () => {
  beforeEach(() => {
    server.use(
      http.get('http://localhost/api/auth/session/', () => HttpResponse.json({ user: { id: 1, username: 'leader' } })),
      http.get('http://localhost/api/auth/csrf/', () => HttpResponse.json({ csrf_token: 't' })),
    );
  });

  it("fixes a squad player's birth year through the team event's player endpoint", async () => {
    let current = report();
    const sent: unknown[] = [];
    server.use(
      http.get(`${BASE}/rating-report/`, () => HttpResponse.json(current)),
      http.patch(`${BASE}/players/88/`, async ({ request }) => {
        sent.push(await request.json());
        current = report({ findings: [placeFinding], error_count: 1, players: [{ ...player, birth_year: 2011 }] });
        return HttpResponse.json({ id: 88, team: 4, ...player, birth_year: 2011, rating_kind: 'national' });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('2 things the rating officer would reject')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the event' })).toHaveAttribute('href', '/team-swiss/9');
    expect(screen.getByRole('link', { name: 'Download TRF-2026' })).toHaveAttribute('href', '/api/team-swiss/9/export/trf/');
    const group = screen.getByRole('article', { name: 'Nyhus, Per' });
    await user.type(within(group).getByLabelText('Birth year of Nyhus, Per'), '2011');
    await user.click(within(group).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('1 thing the rating officer would reject')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Nyhus, Per' })).not.toBeInTheDocument();
    expect(sent).toEqual([{ birth_year: 2011 }]);
  });

  it("saves the event's place with a PATCH of the team event", async () => {
    const sent: EventFideDataInput[] = [];
    server.use(
      http.get(`${BASE}/rating-report/`, () => HttpResponse.json(report())),
      http.patch(`${BASE}/`, async ({ request }) => {
        sent.push((await request.json()) as EventFideDataInput);
        return HttpResponse.json({ id: 9 });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByRole('form', { name: "The event's FIDE data" });
    await user.type(within(form).getByLabelText('Place (city, 022)'), 'Oslo');
    await user.click(within(form).getByRole('button', { name: "Save the event's FIDE data" }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ venue: 'Oslo', federation: 'NOR', chief_arbiter_fide_id: '1500011' });
  });

  it('sets the rate of play the report misses, from the event as it stands', async () => {
    const clockFinding: RatingReport['findings'][number] = {
      entry: null,
      start_number: null,
      player: '',
      field: 'time_control',
      message: 'no time control (222)',
      rule: 'TRF-2026 222',
      severity: 'error',
    };
    const sent: unknown[] = [];
    server.use(
      http.get(`${BASE}/rating-report/`, () => HttpResponse.json(report({ findings: [clockFinding], error_count: 1 }))),
      http.get(`${BASE}/`, () => HttpResponse.json({ id: 9, clock_minutes: null, clock_increment: 0 })),
      http.patch(`${BASE}/`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'Invalid input.', extra: { fields: { clock_increment: ['Ensure this value is less than or equal to 180.'] } } }, { status: 400 });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByRole('form', { name: 'The rate of play' });
    expect(within(form).getByLabelText('Minutes for the game')).toHaveValue('');
    await user.type(within(form).getByLabelText('Minutes for the game'), '90');
    await user.clear(within(form).getByLabelText('Seconds added per move'));
    await user.type(within(form).getByLabelText('Seconds added per move'), '300');
    await user.click(within(form).getByRole('button', { name: 'Save the rate of play' }));
    expect(await within(form).findByText('Ensure this value is less than or equal to 180.')).toBeInTheDocument();
    expect(sent).toEqual([{ clock_minutes: 90, clock_increment: 300 }]);
  });
});
