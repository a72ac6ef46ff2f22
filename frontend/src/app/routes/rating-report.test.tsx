import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route } from 'wouter';

import type { EntryFideDataInput, EventFideDataInput, RatingReport } from '@/features/rating-report/api/rating-report';
import { RatingReportRoute } from '@/app/routes/rating-report';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const BASE = 'http://localhost/api/tournaments/swiss/7';

const player = {
  entry: 41,
  start_number: 4,
  name: 'Nyhus, Per',
  username: null,
  fide_id: '1534567',
  federation: 'NOR',
  title: '',
  birth_year: null,
  sex: 'm',
  rating: 0,
  rated_games: 3,
};

const report = (over: Partial<RatingReport> = {}): RatingReport => ({
  tournament: {
    id: 7,
    name: 'Fjord Open',
    status: 'finished',
    mode: 'otb',
    venue: 'Oslo',
    federation: 'NOR',
    chief_arbiter_name: '',
    chief_arbiter_fide_id: '',
    deputy_arbiters: [],
  },
  clean: false,
  error_count: 2,
  warning_count: 0,
  rated_games: 6,
  findings: [
    {
      entry: null,
      start_number: null,
      player: '',
      field: 'chief_arbiter',
      message: 'no chief arbiter',
      rule: 'TRF-2026 102',
      severity: 'error',
    },
    {
      entry: 41,
      start_number: 4,
      player: 'Nyhus, Per',
      field: 'birth_date',
      message: 'no birth year for a player without a rating',
      rule: 'FIDE Rating Regulations',
      severity: 'error',
    },
  ],
  players: [player],
  ...over,
});

const clean = (): RatingReport => ({ ...report(), clean: true, error_count: 0, findings: [], players: [{ ...player, birth_year: 2011 }] });

const renderPage = () =>
  renderWithProviders(
    <Route path="/swiss/:id/rating-report">
      <RatingReportRoute />
    </Route>,
    { path: '/swiss/7/rating-report' },
  );

describe('RatingReportRoute', () => {
  beforeEach(() => {
    server.use(
      http.get('http://localhost/api/auth/session/', () => HttpResponse.json({ user: { id: 1, username: 'leader' } })),
      http.get('http://localhost/api/auth/csrf/', () => HttpResponse.json({ csrf_token: 't' })),
    );
  });

  it('fixes a missing birth year in place and shows the clean report', async () => {
    let current = report();
    const sent: EntryFideDataInput[] = [];
    server.use(
      http.get(`${BASE}/rating-report/`, () => HttpResponse.json(current)),
      http.patch(`${BASE}/entries/41/`, async ({ request }) => {
        sent.push((await request.json()) as EntryFideDataInput);
        current = clean();
        return HttpResponse.json({ ...player, id: 41, birth_year: 2011 });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('2 things the rating officer would reject')).toBeInTheDocument();
    const group = screen.getByRole('article', { name: 'Nyhus, Per' });
    expect(within(group).getByText(/no birth year for a player without a rating/)).toBeInTheDocument();
    await user.type(within(group).getByLabelText('Birth year of Nyhus, Per'), '2011');
    await user.click(within(group).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Nothing the rating officer would reject.')).toBeInTheDocument();
    expect(sent).toEqual([{ birth_year: 2011 }]);
    expect(screen.getByRole('link', { name: 'Download TRF-2026' })).toHaveAttribute('href', '/api/tournaments/swiss/7/export/trf/');
    expect(screen.getByText(/Birth year of Nyhus, Per saved/)).toBeInTheDocument();
  });

  it("sends the event's FIDE data and shows a refusal on its field", async () => {
    const sent: EventFideDataInput[] = [];
    server.use(
      http.get(`${BASE}/rating-report/`, () => HttpResponse.json(report())),
      http.patch(`${BASE}/`, async ({ request }) => {
        sent.push((await request.json()) as EventFideDataInput);
        return HttpResponse.json(
          { message: 'Invalid input: A FIDE ID is digits only, such as 1503014.', extra: { fields: { chief_arbiter_fide_id: ['A FIDE ID is digits only, such as 1503014.'] } } },
          { status: 400 },
        );
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByRole('form', { name: "The event's FIDE data" });
    await user.type(within(form).getByLabelText("Chief arbiter's name"), 'Hansen, Kari');
    await user.type(within(form).getByLabelText("Chief arbiter's FIDE ID"), '15O9012');
    await user.click(within(form).getByRole('button', { name: 'Add a deputy arbiter' }));
    await user.type(within(form).getByLabelText('Deputy 1: name'), 'Berg, Ola');
    await user.click(within(form).getByRole('button', { name: "Save the event's FIDE data" }));
    expect(await within(form).findAllByText('A FIDE ID is digits only, such as 1503014.')).not.toHaveLength(0);
    expect(sent).toEqual([
      {
        venue: 'Oslo',
        federation: 'NOR',
        chief_arbiter_name: 'Hansen, Kari',
        chief_arbiter_fide_id: '15O9012',
        deputy_arbiters: [{ name: 'Berg, Ola', fide_id: '' }],
      },
    ]);
  });

  it("says so when the API refuses a player who does not lead the event", async () => {
    server.use(
      http.get(`${BASE}/rating-report/`, () =>
        HttpResponse.json({ message: "Only the team's leaders can see the rating report.", extra: {} }, { status: 403 }),
      ),
    );
    renderPage();
    expect(await screen.findByText("Only the team's leaders can see the rating report.")).toBeInTheDocument();
  });
});
