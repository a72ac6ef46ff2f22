import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { PrizeTable } from '@/components/swiss/prize-table';
import { SwissHeader } from '@/features/swiss-event/components/swiss-header';
import { eventTimesLabel, formatDateTime } from '@/lib/swiss/display';
import { buildTournament } from '@/testing/data';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const LISTED = '2026-11-23T18:00:00Z';
const STARTED = '2026-11-23T17:30:00Z';
const ENDED = '2026-11-23T17:20:00Z';

const rounds = () =>
  server.use(
    http.get('http://localhost/api/tournaments/swiss/7/rounds/', () =>
      HttpResponse.json([
        { number: 1, status: 'complete', started_at: STARTED, completed_at: null, manual: false, engine: '' },
        { number: 2, status: 'complete', started_at: '2026-11-23T18:10:00Z', completed_at: null, manual: false, engine: '' },
      ]),
    ),
  );

describe('the event header', () => {
  it('says when the event really started (round 1), not when it was listed', () => {
    const at = (status: string, started_at: string | null, finished_at: string | null = null) =>
      eventTimesLabel({ status, start_time: LISTED, started_at, finished_at });
    expect(at('scheduled', null)).toBe(`Starts ${formatDateTime(LISTED)}`);
    expect(at('running', STARTED)).toBe(`Started ${formatDateTime(STARTED)}`);
    expect(at('finished', STARTED, ENDED)).toBe(`Started ${formatDateTime(STARTED)} · ended ${formatDateTime(ENDED)}`);
    expect(at('cancelled', null, ENDED)).toBe(`Was to start ${formatDateTime(LISTED)} · cancelled ${formatDateTime(ENDED)}`);
  });

  it('names the co-hosts beside the host (accepted ones only)', () => {
    const cohost = (team: string, status: 'invited' | 'accepted') => ({
      team,
      team_name: team[0]!.toUpperCase() + team.slice(1),
      status,
      invited_at: LISTED,
      accepted_at: null,
    });
    renderWithProviders(
      <SwissHeader tournament={buildTournament({ cohosts: [cohost('rooks', 'accepted'), cohost('pawns', 'invited'), cohost('bishops', 'accepted')] })} />,
    );
    const hosts = screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === 'Knights with Rooks and Bishops');
    expect(within(hosts).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/teams/knights', '/teams/rooks', '/teams/bishops']);
  });

  it('after the end the schedule is in the past tense, with the rounds’ actual starts and no calendar link', async () => {
    rounds();
    const finished = buildTournament({
      status: 'finished',
      current_round: 2,
      num_rounds: 2,
      mode: 'online',
      round_times: [LISTED, '2026-11-23T19:00:00Z'],
      registration_deadline: '2026-11-23T17:00:00Z',
      checkin_minutes: 30,
      checkin_opens_at: '2026-11-23T17:00:00Z',
      finished_at: ENDED,
    });
    renderWithProviders(<SwissHeader tournament={finished} />);
    expect(await screen.findByText(/^Rounds were played/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Round start times' })).toHaveTextContent(`Round 1 started ${formatDateTime(STARTED)}`);
    expect(screen.getByText(/^Registration closed/)).toBeInTheDocument();
    expect(screen.getByText(/^Check-in opened 30 minutes before round 1/)).toBeInTheDocument();
    expect(screen.getByText("No-show time was 20 seconds for each player's first move.")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /calendar/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/starts|closes|opens/)).not.toBeInTheDocument();
  });

  it('over the board, the no-show time is the time to come to the board', () => {
    renderWithProviders(<SwissHeader tournament={buildTournament({ status: 'scheduled', current_round: 0, mode: 'otb', no_show_seconds: 900 })} />);
    expect(screen.getByText('No-show time: a player not at the board 15 minutes after the round starts loses by forfeit.')).toBeInTheDocument();
  });
});

describe('the prize table', () => {
  it('a winner receives the money and the prize’s label', () => {
    const prize = {
      id: 1,
      category: 'overall' as const,
      place: 1,
      amount: '30.00',
      label: 'Book voucher',
      rating_min: null,
      rating_max: null,
      born_from: null,
      born_before: null,
      winner: 'anna',
      received: '30.00',
      shared_with: [],
    };
    renderWithProviders(<PrizeTable prizes={[prize]} final />);
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['Overall', '1st', '30.00 + Book voucher', 'anna', '30.00 + Book voucher']);
  });
});
