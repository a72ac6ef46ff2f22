import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { TeamSwissInvitations } from '@/features/team-swiss/components/team-swiss-invitations';
import { buildTeamEntry } from '@/lib/team-swiss/testing/builders';
import type { SquadInvitation } from '@/lib/team-swiss/types';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const invitation = (id: number, event: number, team: string): SquadInvitation => ({
  id,
  order: 2,
  event: { id: event, name: `League ${event}`, status: 'created' },
  team: { tpn: 1, name: team },
  captain: 'cap',
  invited_by: 'cap',
  invited_at: '2026-12-01T18:00:00Z',
});

const page = (results: SquadInvitation[]) => ({ count: results.length, next: null, previous: null, results });

describe('TeamSwissInvitations', () => {
  it('lists the pending invitations; accepting one reads the list again (the event’s others are gone)', async () => {
    let pending = [invitation(11, 5, 'Rooks'), invitation(12, 5, 'Knights'), invitation(21, 6, 'Bishops')];
    const sent: string[] = [];
    server.use(
      http.get('http://localhost/api/auth/csrf/', () => {
        document.cookie = 'csrftoken=t; path=/';
        return HttpResponse.json({ csrf_token: 't' });
      }),
      http.get('*/api/team-swiss/invitations/', () => HttpResponse.json(page(pending))),
      http.post('*/api/team-swiss/:event/invitations/:player/accept/', ({ params }) => {
        sent.push(`accept ${params.event}/${params.player}`);
        pending = pending.filter((each) => each.event.id !== Number(params.event));
        return HttpResponse.json(buildTeamEntry({ tpn: 1, name: 'Rooks' }));
      }),
      http.delete('*/api/team-swiss/:event/invitations/:player/', ({ params }) => {
        sent.push(`decline ${params.event}/${params.player}`);
        pending = pending.filter((each) => each.id !== Number(params.player));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderWithProviders(<TeamSwissInvitations />);

    const rooks = await screen.findByRole('listitem', { name: 'Rooks in League 5' });
    expect(rooks).toHaveTextContent('captain cap');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(within(rooks).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('listitem', { name: 'Bishops in League 6' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('No pending invitations.')).toBeInTheDocument();
    expect(sent).toEqual(['accept 5/11', 'decline 6/21']);
  });

  it('shows a refusal beside the invitation', async () => {
    server.use(
      http.get('http://localhost/api/auth/csrf/', () => {
        document.cookie = 'csrftoken=t; path=/';
        return HttpResponse.json({ csrf_token: 't' });
      }),
      http.get('*/api/team-swiss/invitations/', () => HttpResponse.json(page([invitation(11, 5, 'Rooks')]))),
      http.post('*/api/team-swiss/:event/invitations/:player/accept/', () =>
        HttpResponse.json({ message: 'Rooks has withdrawn from the event.', extra: {} }, { status: 409 }),
      ),
    );
    renderWithProviders(<TeamSwissInvitations />);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Rooks has withdrawn from the event.');
  });
});
