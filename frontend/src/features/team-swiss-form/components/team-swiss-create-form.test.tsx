import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { TeamSwissCreateForm } from '@/features/team-swiss-form/components/team-swiss-create-form';
import { buildTeamSwissEvent } from '@/lib/team-swiss/testing/builders';
import { teamTiebreakCatalogue, teamTiebreakCatalogueHandler } from '@/lib/team-swiss/testing/tiebreak-catalogue';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const csrf = http.get('http://localhost/api/auth/csrf/', () => {
  document.cookie = 'csrftoken=t; path=/';
  return HttpResponse.json({ csrf_token: 't' });
});

beforeEach(() => server.use(teamTiebreakCatalogueHandler));

/** The form, once the server's tie-break catalogue is read. */
const renderForm = async (onSaved: (event: { id: number }) => void = () => {}) => {
  renderWithProviders(<TeamSwissCreateForm team="knights" onSaved={onSaved} />);
  return screen.findByRole('form', { name: 'New team Swiss' });
};

/** Every create request's body; the first `refusals` answers are the given 400s. */
const createApi = (...refusals: Record<string, string[]>[]) => {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    csrf,
    http.post('*/api/team-swiss/', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      const refusal = refusals[bodies.length - 1];
      if (refusal) return HttpResponse.json({ message: 'Invalid input.', extra: { fields: refusal } }, { status: 400 });
      return HttpResponse.json(buildTeamSwissEvent({ id: 9 }), { status: 201 });
    }),
  );
  return bodies;
};

const order = () =>
  within(screen.getByRole('list', { name: /Tie-break order/ }))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');

describe('TeamSwissCreateForm', () => {
  it('waits for the tie-break catalogue, then offers its codes and starts from its default order', async () => {
    let release = () => undefined as void;
    const served = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('*/api/team-swiss/tiebreaks/', async () => {
        await served;
        return HttpResponse.json(teamTiebreakCatalogue);
      }),
    );
    renderWithProviders(<TeamSwissCreateForm team="knights" onSaved={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the form…');
    release();
    await screen.findByRole('form', { name: 'New team Swiss' });
    expect(order()).toHaveLength(4);
    expect(within(screen.getByLabelText('Add a tie-break')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose…', 'Extended direct encounter (EDE)']);
  });

  it('shows the default tie-break order explained, and leaves it to the server when unchanged', async () => {
    const bodies = createApi();
    const saved = vi.fn();
    await renderForm(saved);
    expect(order()).toEqual([
      expect.stringMatching(/^1\.⠿Game points MPVGP.*not only the match result/),
      expect.stringMatching(/^2\.⠿Buchholz cut 1 BH\/C1Sum of the opponents’ match points.*lowest opponent is left out/),
      expect.stringMatching(/^3\.⠿Buchholz BH/),
      expect.stringMatching(/^4\.⠿Extended Sonneborn-Berger cut 1 ESB\/C1.*Olympiad/),
    ]);
    expect(screen.getByText(/^The default order\./)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'League');
    await userEvent.click(screen.getByRole('button', { name: 'Create team Swiss' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalledWith(expect.objectContaining({ id: 9 })));
    expect(bodies[0]).not.toHaveProperty('tiebreaks');
    expect(bodies[0]).not.toHaveProperty('clock_minutes');
  });

  it('sends an order chosen from the list, and puts the server\'s field errors beside their fields', async () => {
    const bodies = createApi({ tiebreaks: ['A tie-break is listed twice.'], 'match_points.win': ['Must beat a draw.'] });
    const saved = vi.fn();
    await renderForm(saved);
    await userEvent.type(screen.getByLabelText('Name'), 'League');
    await userEvent.clear(screen.getByLabelText('Boards per match'));
    await userEvent.type(screen.getByLabelText('Boards per match'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Remove BH' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove ESB/C1' }));
    await userEvent.selectOptions(screen.getByLabelText('Add a tie-break'), 'EDE');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('Your order.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Venue'), 'Oslo');
    await userEvent.type(screen.getByLabelText('Minutes per player'), '90');
    await userEvent.click(screen.getByRole('button', { name: 'Create team Swiss' }));
    expect(await screen.findByText('A tie-break is listed twice.')).toBeInTheDocument();
    expect(screen.getByText('Must beat a draw.')).toBeInTheDocument();
    expect(screen.getByLabelText('Win')).toHaveAttribute('aria-invalid', 'true');
    expect(bodies[0]).toMatchObject({
      team: 'knights',
      name: 'League',
      boards: 2,
      match_points: { win: '2', draw: '1', loss: '0' },
      game_points: { win: '1', draw: '0.5', loss: '0' },
      tiebreaks: ['MPVGP', 'BH/C1', 'EDE'],
      starts_at: null,
      venue: 'Oslo',
      clock_minutes: 90,
      clock_increment: 0,
    });
    // Back to the default: nothing sent, the server's default applies.
    await userEvent.click(screen.getByRole('button', { name: 'Use the default order' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create team Swiss' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalled());
    expect(bodies[1]).not.toHaveProperty('tiebreaks');
  });

  it('explains the colour model chosen and words the tie-breaks for game points first', async () => {
    await renderForm();
    const colours = screen.getByLabelText('Colour model');
    expect(colours).toHaveAccessibleDescription(/Type A \(FIDE’s default\): A team is given the other colour on board 1 only once/);
    await userEvent.selectOptions(colours, 'nocolor');
    expect(colours).toHaveAccessibleDescription(/Colours play no part in the pairing/);
    await userEvent.selectOptions(screen.getByLabelText('Primary score'), 'gp');
    expect(screen.getByRole('group', { name: 'Tie-break order (teams equal on game points)' })).toBeInTheDocument();
    expect(order()[0]).toMatch(/^1\.⠿Match points MPVGP/);
    expect(order()[1]).toMatch(/Sum of the opponents’ game points/);
  });

  it('plays online on a clock it asks for, and over the board by default', async () => {
    const bodies = createApi();
    const saved = vi.fn();
    await renderForm(saved);
    await userEvent.type(screen.getByLabelText('Name'), 'Online league');
    expect(screen.getByLabelText('Played')).toHaveValue('otb');
    await userEvent.selectOptions(screen.getByLabelText('Played'), 'online');
    const clock = screen.getByRole('group', { name: 'Clock of every game' });
    // One pair of clock fields: the games' (the FIDE section's are not shown twice).
    expect(screen.getAllByLabelText('Minutes per player')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Create team Swiss' }));
    expect(await within(clock).findByText('An online event needs its clock: minutes per player.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await userEvent.type(within(clock).getByLabelText('Minutes per player'), '15');
    await userEvent.type(within(clock).getByLabelText('Increment (seconds)'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Create team Swiss' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalled());
    expect(bodies[0]).toMatchObject({ mode: 'online', clock_minutes: 15, clock_increment: 10 });
  });

  it('sets the fair-play entry rules as whole numbers (blank: none), refusing others before sending', async () => {
    const bodies = createApi({ min_rated_games: ['Ensure this value is less than or equal to 100000.'] });
    const saved = vi.fn();
    await renderForm(saved);
    const rules = screen.getByRole('group', { name: 'Fair-play entry rules (optional)' });
    const age = within(rules).getByLabelText('Minimum account age (days)');
    const games = within(rules).getByLabelText("Minimum rated games at the event's speed");
    expect(age).toHaveAttribute('placeholder', 'None');
    await userEvent.type(screen.getByLabelText('Name'), 'League');
    await userEvent.type(age, '-1');
    await userEvent.type(games, '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Create team Swiss' }));
    await vi.waitFor(() => expect(age).toHaveAccessibleDescription('At least 0.'));
    expect(games).toHaveAccessibleDescription('Games must be a whole number.');
    expect(bodies).toHaveLength(0);

    await userEvent.clear(age);
    await userEvent.clear(games);
    await userEvent.type(games, '100001');
    await userEvent.click(screen.getByRole('button', { name: 'Create team Swiss' }));
    expect(await within(rules).findByText('At most 100000.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    // The server's refusal goes beside the field too.
    await userEvent.clear(games);
    await userEvent.type(games, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Create team Swiss' }));
    expect(await within(rules).findByText('Ensure this value is less than or equal to 100000.')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ min_account_age_days: null, min_rated_games: 20 });
    await userEvent.type(age, '30');
    await userEvent.click(screen.getByRole('button', { name: 'Create team Swiss' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalled());
    expect(bodies[1]).toMatchObject({ min_account_age_days: 30, min_rated_games: 20 });
  });
});
