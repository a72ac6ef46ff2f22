import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { TeamSwissArbiterPanel } from '@/features/team-swiss-arbiter/components/team-swiss-arbiter-panel';
import { teamSwissKeys } from '@/lib/team-swiss/team-swiss-keys';
import { buildTeamEntry, buildTeamSwissEvent } from '@/lib/team-swiss/testing/builders';
import type { TeamSwissEvent } from '@/lib/team-swiss/types';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const csrf = http.get('http://localhost/api/auth/csrf/', () => {
  document.cookie = 'csrftoken=t; path=/';
  return HttpResponse.json({ csrf_token: 't' });
});

describe('TeamSwissArbiterPanel: register a team', () => {
  it('sends the squad in board order, shows the API\'s field messages, and adds the team to the event', async () => {
    const event = buildTeamSwissEvent({ status: 'created', current_round: 0, teams: [], viewer_is_leader: true });
    const bodies: unknown[] = [];
    server.use(
      csrf,
      http.post('*/api/team-swiss/5/teams/', async ({ request }) => {
        bodies.push(await request.json());
        if (bodies.length === 1)
          return HttpResponse.json({ message: 'Invalid input.', extra: { fields: { players: ['nobody already plays for Rooks.'] } } }, { status: 400 });
        return HttpResponse.json(buildTeamEntry({ tpn: 1, name: 'Rooks' }), { status: 201 });
      }),
    );
    const { queryClient } = renderWithProviders(<TeamSwissArbiterPanel event={event} />);
    queryClient.setQueryData(teamSwissKeys.detail(5), event);
    // The rating report sits beside the TRF the report is about.
    expect(screen.getByRole('link', { name: 'FIDE rating report' })).toHaveAttribute('href', '/team-swiss/5/rating-report');
    const form = screen.getByRole('form', { name: 'Register a team' });
    await userEvent.type(within(form).getByLabelText('Team name'), 'Rooks');
    await userEvent.type(within(form).getByLabelText('Player 1 username'), 'nobody');
    // An account's name and rating are its own: the row takes a username only.
    expect(within(form).getByLabelText('Player 1 rating')).toBeDisabled();
    expect(within(form).getByLabelText('Player 1 name')).toBeDisabled();
    await userEvent.type(within(form).getByLabelText('Player 2 name'), 'Doe, Jane');
    await userEvent.type(within(form).getByLabelText('Player 2 rating'), '2100');
    await userEvent.click(within(form).getByRole('button', { name: 'Register team' }));
    expect(await within(form).findByText('nobody already plays for Rooks.')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ name: 'Rooks', players: [{ username: 'nobody' }, { name: 'Doe, Jane', rating: 2100 }] });

    await userEvent.click(within(form).getByRole('button', { name: 'Register team' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Rooks is team no. 1.');
    expect(queryClient.getQueryData<TeamSwissEvent>(teamSwissKeys.detail(5))?.teams.map((team) => team.name)).toEqual(['Rooks']);
  });
});

describe('TeamSwissArbiterPanel: withdraw a team', () => {
  it('withdraws one team after the confirm step, and shows an already withdrawn one disabled', async () => {
    const event = buildTeamSwissEvent({
      viewer_is_leader: true,
      teams: [buildTeamEntry({ tpn: 1 }), buildTeamEntry({ tpn: 2 }), buildTeamEntry({ tpn: 3, status: 'withdrawn' })],
    });
    const sent: string[] = [];
    server.use(
      csrf,
      http.post('*/api/team-swiss/5/teams/:tpn/withdraw/', ({ params }) => {
        sent.push(String(params.tpn));
        return HttpResponse.json(buildTeamEntry({ tpn: Number(params.tpn), status: 'withdrawn' }));
      }),
    );
    const { queryClient } = renderWithProviders(<TeamSwissArbiterPanel event={event} />);
    queryClient.setQueryData(teamSwissKeys.detail(5), event);
    const section = screen.getByRole('region', { name: 'Withdraw a team' });
    expect(within(section).getByRole('button', { name: 'Withdrawn' })).toBeDisabled();
    await userEvent.click(within(section).getByRole('button', { name: 'Withdraw Team 2' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Withdrawal is final: withdraw' }));
    await waitFor(() => expect(queryClient.getQueryData<TeamSwissEvent>(teamSwissKeys.detail(5))?.teams[1]?.status).toBe('withdrawn'));
    expect(sent).toEqual(['2']);
  });
});

describe('TeamSwissArbiterPanel: the arbiter calls and the audit log', () => {
  it('shows the tools the app gives it: the calls first, the audit log last', () => {
    const event = buildTeamSwissEvent({ viewer_is_leader: true, mode: 'online' });
    renderWithProviders(<TeamSwissArbiterPanel event={event} calls={<p>the calls</p>} log={<p>the log</p>} />);
    const panel = screen.getByRole('region', { name: 'Arbiter' });
    const parts = Array.from(panel.children).map((child) => child.textContent);
    expect(parts[0]).toBe('Arbiter');
    expect(parts[1]).toBe('the calls');
    expect(parts.at(-1)).toBe('the log');
  });
});
