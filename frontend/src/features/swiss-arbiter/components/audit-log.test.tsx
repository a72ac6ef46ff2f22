import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { AuditLog } from '@/features/swiss-arbiter/components/audit-log';
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
    renderWithProviders(<AuditLog event={{ kind: 'swiss', id: 7 }} />);
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
    expect(screen.getByRole('link', { name: 'Download the audit log (CSV)' })).toHaveAttribute('href', '/api/tournaments/swiss/7/audit.csv');
  });

  it("reads a team event's log, its boards named with their match", async () => {
    const team = [
      {
        id: 3,
        at: '2031-03-04T20:10:00Z',
        actor: 'lead',
        action: 'game.time_added',
        subject: 'round 1 match 2 board 1: anna - bob',
        before: { white_ms: 40000, black_ms: 50000 },
        after: { white_ms: 70000, black_ms: 50000, added: { white: 30 } },
      },
      {
        id: 2,
        at: '2031-03-04T20:05:00Z',
        actor: 'lead',
        action: 'result.corrected',
        subject: 'round 1 match 2 board 2: cy - dee',
        before: { result: '1-0', disputed: false },
        after: { result: '1/2' },
      },
    ];
    const asked: string[] = [];
    server.use(
      http.get('http://localhost/api/team-swiss/7/audit/', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ count: 2, next: null, previous: null, results: team });
      }),
    );
    renderWithProviders(<AuditLog event={{ kind: 'team-swiss', id: 7 }} />);
    expect(asked).toEqual([]); // read when opened
    await userEvent.click(screen.getByText('Audit log'));
    const log = await screen.findByRole('list', { name: 'Audit log' });
    const [first, second] = within(log).getAllByRole('listitem');
    expect(first).toHaveTextContent('Gave anna 30 s more in round 1, match 2, board 1 (anna – bob)');
    expect(second).toHaveTextContent('Corrected round 1, match 2, board 2 (cy – dee): 1-0 → ½-½');
    expect(asked).toEqual(['?page=1']);
    const csv = screen.getByRole('link', { name: 'Download the audit log (CSV)' });
    expect(csv).toHaveAttribute('href', '/api/team-swiss/7/audit.csv');
    expect(csv).toHaveAttribute('download', 'team-audit-7.csv');
  });
});
