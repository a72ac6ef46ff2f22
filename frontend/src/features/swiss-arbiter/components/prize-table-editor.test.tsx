import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';

import type { PrizeTable, PrizeTableInput } from '@/lib/swiss/prizes';
import { PrizeTableEditor } from '@/features/swiss-arbiter/components/prize-table-editor';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';

const URL = 'http://localhost/api/tournaments/swiss/7/prizes/';
const empty: PrizeTable = { sharing: 'tiebreaks', final: false, prizes: [] };

describe('PrizeTableEditor', () => {
  it('adds a rating-band prize, sends the whole table, and shows a refusal by prize', async () => {
    const sent: PrizeTableInput[] = [];
    let refuse = true;
    server.use(
      http.get('http://localhost/api/auth/csrf/', () => HttpResponse.json({ csrf_token: 't' })),
      http.get(URL, () => HttpResponse.json(empty)),
      http.put(URL, async ({ request }) => {
        const body = (await request.json()) as PrizeTableInput;
        sent.push(body);
        if (refuse)
          return HttpResponse.json(
            { message: 'Invalid input.', extra: { fields: { prizes: ['0.amount: Give an amount or a label.'] } } },
            { status: 400 },
          );
        return HttpResponse.json({
          sharing: body.sharing,
          final: false,
          prizes: body.prizes.map((prize, i) => ({
            id: i + 1,
            rating_min: null,
            rating_max: null,
            born_from: null,
            born_before: null,
            ...prize,
            label: prize.label ?? '',
            amount: prize.amount ?? null,
            winner: null,
            received: null,
            shared_with: [],
          })),
        });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<PrizeTableEditor tournamentId={7} />);
    await user.click(await screen.findByRole('button', { name: 'Add prize' }));
    const row = screen.getByRole('listitem', { name: 'Prize 1' });
    await user.selectOptions(within(row).getByLabelText('Category'), 'rating');
    await user.type(within(row).getByLabelText('Rating up to'), '1799');
    await user.click(screen.getByRole('button', { name: 'Save prizes' }));
    expect(await screen.findByText('Prize 1: amount: Give an amount or a label.')).toBeInTheDocument();

    refuse = false;
    await user.type(within(row).getByLabelText('Amount'), '25');
    await user.selectOptions(screen.getByLabelText('Shared places'), 'hort');
    await user.click(screen.getByRole('button', { name: 'Save prizes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Prize table saved (1 prize).');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      sharing: 'hort',
      prizes: [{ category: 'rating', place: 1, amount: '25', label: '', rating_min: null, rating_max: 1799 }],
    });
  });
});
