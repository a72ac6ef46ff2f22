import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { AuditLog } from '@/features/tournaments/components/arbiter/audit-log';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const results = [
  {
    id: 2,
    at: '2031-03-04T19:30:00Z',
    actor: 'lead',
    action: 'player.disqualified',
    subject: 'anna_berg',
    before: { status: 'active', boards: {} },
    after: { status: 'disqualified', reason: 'Engine use', games: 'stand', boards: {} },
  },
  { id: 1, at: '2031-03-04T19:10:00Z', actor: '', action: 'player.checkin_paused', subject: 'cy', before: { status: 'active' }, after: { status: 'paused', entries: 1 } },
];

describe('AuditLog', () => {
  it('reads as sentences with when and who, the stored values behind "Details"', async () => {
    server.use(http.get('http://localhost/api/tournaments/swiss/7/audit/', () => HttpResponse.json({ count: 2, next: null, previous: null, results })));
    renderWithProviders(<AuditLog tournamentId={7} />);
    await userEvent.click(screen.getByText('Audit log'));
    const log = await screen.findByRole('list', { name: 'Audit log' });
    const [first, second] = within(log).getAllByRole('listitem');
    expect(first).toHaveTextContent('Disqualified anna_berg: Engine use');
    expect(first).toHaveTextContent('by lead');
    expect(second).toHaveTextContent('Withdrew 1 player who did not check in before round 1: cy');
    expect(second).toHaveTextContent('by the server');
    // The raw values are there on demand only.
    const reason = within(first!).getByText('reason');
    expect(reason).not.toBeVisible();
    await userEvent.click(within(first!).getByText('Details'));
    expect(reason).toBeVisible();
    expect(within(first!).getByText('— → Engine use')).toBeVisible();
  });
});
