import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { BroadcastFeeds } from '@/features/otb-games/components/broadcast-feeds';
import { renderWithProviders } from '@/testing/render-with-providers';

describe('BroadcastFeeds', () => {
  it('gives the round’s and the event’s feed as addresses of this host, each with a copy button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BroadcastFeeds tournamentId={7} round={3} />);
    const region = screen.getByRole('region', { name: 'Broadcast' });
    expect(screen.getByRole('textbox', { name: 'Round 3' })).toHaveValue('http://localhost/swiss/7/round/3.pgn');
    expect(screen.getByRole('textbox', { name: 'Whole event' })).toHaveValue('http://localhost/swiss/7.pgn');
    expect(region).toHaveTextContent(/lichess broadcast/);

    await user.click(screen.getByRole('button', { name: 'Copy the address of round 3' }));
    expect(await navigator.clipboard.readText()).toBe('http://localhost/swiss/7/round/3.pgn');
    expect(screen.getByText('Copied.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy the address of whole event' }));
    expect(await navigator.clipboard.readText()).toBe('http://localhost/swiss/7.pgn');
  });
});
