import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import { SwissCheckIn } from '@/features/swiss-event/components/swiss-check-in';
import { buildTournament } from '@/testing/data';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const BASE = 'http://localhost/api/tournaments/swiss/7';
const scheduled = (opensInMs: number) =>
  buildTournament({
    status: 'scheduled',
    current_round: 0,
    checkin_minutes: 30,
    checkin_opens_at: new Date(Date.now() + opensInMs).toISOString(),
  });

describe('SwissCheckIn', () => {
  it('checks the player in once the window is open', async () => {
    const posts: string[] = [];
    server.use(
      http.get('http://localhost/api/auth/csrf/', () => {
        document.cookie = 'csrftoken=token123; path=/';
        return HttpResponse.json({ csrf_token: 'token123' });
      }),
      http.post(`${BASE}/check-in/`, ({ request }) => {
        posts.push(request.headers.get('X-CSRFToken') ?? '');
        return HttpResponse.json({ username: 'alice', rating: 1500, status: 'active', joined_after_round: 0, checked_in_at: new Date().toISOString() });
      }),
    );
    renderWithProviders(<SwissCheckIn tournament={scheduled(-60_000)} username="alice" checkedIn={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You are checked in for round 1.');
    expect(posts).toEqual(['token123']);
  });

  it('says when the window opens, and shows nothing without one or after round 1', () => {
    const { unmount } = renderWithProviders(<SwissCheckIn tournament={scheduled(3_600_000)} username="alice" checkedIn={false} />);
    expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull();
    expect(screen.getByText(/Check-in opens .* \(in 1:00:00\)/)).toBeInTheDocument();
    unmount();
    const { container } = renderWithProviders(<SwissCheckIn tournament={buildTournament({ current_round: 1 })} username="alice" checkedIn={false} />);
    expect(container).toBeEmptyDOMElement();
  });
});
