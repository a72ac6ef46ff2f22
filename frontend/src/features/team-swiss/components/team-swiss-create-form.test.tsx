import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { TeamSwissCreateForm } from '@/features/team-swiss/components/team-swiss-create-form';
import { buildTeamSwissEvent } from '@/features/team-swiss/testing/builders';
import { server } from '@/testing/msw-server';

const csrf = http.get('http://localhost/api/auth/csrf/', () => {
  document.cookie = 'csrftoken=t; path=/';
  return HttpResponse.json({ csrf_token: 't' });
});
import { renderWithProviders } from '@/testing/render-with-providers';

describe('TeamSwissCreateForm', () => {
  it('sends the settings and puts the server\'s field errors beside their fields', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      csrf,
      http.post('*/api/team-swiss/', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        if (bodies.length === 1)
          return HttpResponse.json(
            { message: 'Invalid input.', extra: { fields: { tiebreaks: ['Unknown tie-break "XX".'], 'match_points.win': ['Must beat a draw.'] } } },
            { status: 400 },
          );
        return HttpResponse.json(buildTeamSwissEvent({ id: 9 }), { status: 201 });
      }),
    );
    const saved = vi.fn();
    renderWithProviders(<TeamSwissCreateForm team="knights" onSaved={saved} />);
    await userEvent.type(screen.getByLabelText('Name'), 'League');
    await userEvent.clear(screen.getByLabelText('Boards per match'));
    await userEvent.type(screen.getByLabelText('Boards per match'), '2');
    await userEvent.type(screen.getByLabelText(/Tie-break order/), 'GP, XX');
    await userEvent.click(screen.getByRole('button', { name: 'Create team Swiss' }));
    expect(await screen.findByText('Unknown tie-break "XX".')).toBeInTheDocument();
    expect(screen.getByText('Must beat a draw.')).toBeInTheDocument();
    expect(screen.getByLabelText('Win')).toHaveAttribute('aria-invalid', 'true');
    expect(bodies[0]).toMatchObject({
      team: 'knights',
      name: 'League',
      boards: 2,
      match_points: { win: '2', draw: '1', loss: '0' },
      game_points: { win: '1', draw: '0.5', loss: '0' },
      tiebreaks: ['GP', 'XX'],
      starts_at: null,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Create team Swiss' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalledWith(expect.objectContaining({ id: 9 })));
  });
});
