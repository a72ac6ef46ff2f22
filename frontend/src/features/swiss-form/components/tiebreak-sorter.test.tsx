import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { TiebreakSorter } from '@/features/swiss-form/components/tiebreak-sorter';
import type { TiebreakCatalogue } from '@/lib/swiss/tiebreaks';
import { renderWithProviders } from '@/testing/render-with-providers';

const ROW = 40;

/** A part of the server's catalogue: what the sorter shows comes from it. */
const catalogue: TiebreakCatalogue = {
  tiebreaks: [
    { code: 'BH', label: 'Buchholz', description: 'Sum of the opponents’ scores.', offered: true },
    { code: 'SB', label: 'Sonneborn-Berger', description: 'Opponents’ scores weighted by the result against each.', offered: true },
    { code: 'PS', label: 'Progressive score', description: 'Sum of the running score after each round.', offered: true },
    { code: 'WIN', label: 'Wins', description: 'Games won, forfeits and byes counted as wins included.', offered: true },
    { code: 'PTS', label: 'Points', description: 'The score the players are ranked by.', offered: false },
  ],
  default_order: ['BH', 'SB', 'PS', 'DE'],
};

/** jsdom lays nothing out; dnd-kit's keyboard moves go by rectangles, so rows get stacked ones. */
beforeEach(() => {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('li');
    const index = row ? Array.from(row.parentElement?.children ?? []).indexOf(row) : 0;
    return DOMRect.fromRect({ x: 0, y: index * ROW, width: 400, height: ROW - 4 });
  });
});
afterEach(() => vi.restoreAllMocks());

const Sorter = ({ initial }: { initial: string[] }) => {
  const [order, setOrder] = useState(initial);
  return (
    <>
      <TiebreakSorter catalogue={catalogue} value={order} onChange={setOrder} />
      <output aria-label="order">{order.join(',')}</output>
    </>
  );
};

describe('TiebreakSorter', () => {
  it('names each code and says what it means', () => {
    renderWithProviders(<Sorter initial={['BH', 'SB']} />);
    expect(screen.getByText('Buchholz')).toBeInTheDocument();
    expect(screen.getByText(/Opponents’ scores weighted by the result/)).toBeInTheDocument();
  });

  it('moves a code with the keyboard: Space, arrow, Space', async () => {
    renderWithProviders(<Sorter initial={['BH', 'SB', 'PS']} />);
    screen.getByRole('button', { name: /^Move PS/ }).focus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowUp}');
    await userEvent.keyboard(' ');
    expect(await screen.findByLabelText('order')).toHaveTextContent('BH,PS,SB');
    expect(screen.getByRole('button', { name: /^Move PS .*position 2$/ })).toBeInTheDocument();
  });

  it('offers the codes the server offers, in its order, the chosen ones left out', () => {
    renderWithProviders(<Sorter initial={['BH']} />);
    const options = Array.from((screen.getByLabelText('Add a tie-break') as HTMLSelectElement).options).map((option) => option.value);
    expect(options).toEqual(['', 'SB', 'PS', 'WIN']);
    expect(screen.getByRole('option', { name: 'Sonneborn-Berger (SB)' })).toBeInTheDocument();
  });

  it('shows a chosen code the catalogue does not list by its code', () => {
    renderWithProviders(<Sorter initial={['SB/C1']} />);
    expect(screen.getByText('A tie-break with modifiers.')).toBeInTheDocument();
  });

  it('adds and removes codes', async () => {
    renderWithProviders(<Sorter initial={['BH']} />);
    await userEvent.selectOptions(screen.getByLabelText('Add a tie-break'), 'WIN');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove BH' }));
    expect(screen.getByLabelText('order')).toHaveTextContent(/^WIN$/);
  });
});
