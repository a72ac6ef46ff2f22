import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, ws } from 'msw';

import { TeamSwissPage } from '@/features/team-swiss-event/components/team-swiss-page';
import { buildTeamSwissEvent } from '@/lib/team-swiss/testing/builders';
import { teamTiebreakCatalogueHandler } from '@/lib/team-swiss/testing/tiebreak-catalogue';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const csrf = http.get('http://localhost/api/auth/csrf/', () => {
  document.cookie = 'csrftoken=t; path=/';
  return HttpResponse.json({ csrf_token: 't' });
});

const REFUSAL = 'bob needs at least 10 rated blitz games to play in this event (they have 9).';

const serve = (event: ReturnType<typeof buildTeamSwissEvent>) =>
  server.use(
    csrf,
    teamTiebreakCatalogueHandler,
    ws.link('ws://localhost/ws/team-swiss/5').addEventListener('connection', () => {}),
    http.get('*/api/team-swiss/5/', () => HttpResponse.json(event)),
    http.get('*/api/team-swiss/5/standings/', () => HttpResponse.json({ version: 0, standings: [] })),
    http.get('*/api/team-swiss/5/crosstable/', () => HttpResponse.json([])),
    http.get('*/api/team-swiss/5/board-scores/', () => HttpResponse.json([])),
    http.post('*/api/team-swiss/5/teams/', () =>
      HttpResponse.json({ message: `Invalid input: ${REFUSAL}`, extra: { fields: { min_rated_games: [REFUSAL] } } }, { status: 400 }),
    ),
  );

const created = { status: 'created' as const, current_round: 0, round: null, teams: [] };

describe('Team Swiss entry rules', () => {
  it('lists the rules where a team registers, and puts a player refused by one under the squad', async () => {
    serve(
      buildTeamSwissEvent({
        ...created,
        min_account_age_days: 30,
        min_rated_games: 10,
        entry_rules: [
          { code: 'min_account_age_days', text: 'Account at least 30 days old' },
          { code: 'min_rated_games', text: 'At least 10 rated games at blitz' },
        ],
      }),
    );
    renderWithProviders(<TeamSwissPage eventId={5} username="alice" />);
    const form = within(await screen.findByRole('region', { name: 'Register your team' })).getByRole('form', { name: 'Register your team' });
    const note = within(form).getByRole('note', { name: 'Entry rules' });
    expect(within(note).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Account at least 30 days old',
      'At least 10 rated games at blitz',
    ]);
    await userEvent.type(within(form).getByLabelText('Team name'), 'Rooks');
    await userEvent.type(within(form).getByLabelText('Player 1 username'), 'alice');
    await userEvent.type(within(form).getByLabelText('Player 2 username'), 'bob');
    await userEvent.click(within(form).getByRole('button', { name: 'Register team' }));
    expect(await within(form).findByText(REFUSAL)).toBeInTheDocument();
    expect(within(form).getByRole('group', { name: /^Squad in board order/ })).toHaveAccessibleDescription(REFUSAL);
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument(); // said once, under the squad
  });

  it('shows no rules when the event sets none', async () => {
    serve(buildTeamSwissEvent(created));
    renderWithProviders(<TeamSwissPage eventId={5} username="alice" />);
    const section = await screen.findByRole('region', { name: 'Register your team' });
    expect(within(section).queryByRole('note', { name: 'Entry rules' })).not.toBeInTheDocument();
  });
});
