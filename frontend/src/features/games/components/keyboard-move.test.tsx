import { screen } from '@testing-library/react';

import KeyboardMove from '@/features/games/components/keyboard-move';
import type { LegalMoves } from '@/features/games/lib/san';
import { renderWithProviders } from '@/testing/render-with-providers';

const legal: LegalMoves = {};

test('the box says why a move cannot be typed: not your turn, or the clocks are paused', () => {
  const { rerender } = renderWithProviders(<KeyboardMove legal={legal} enabled={false} onMove={() => {}} />);
  expect(screen.getByLabelText('Keyboard move')).toHaveAttribute('placeholder', 'wait for your turn');
  rerender(<KeyboardMove legal={legal} enabled={false} paused onMove={() => {}} />);
  expect(screen.getByLabelText('Keyboard move')).toHaveAttribute('placeholder', 'clocks paused by the arbiter');
  expect(screen.getByLabelText('Keyboard move')).toBeDisabled();
  rerender(<KeyboardMove legal={legal} enabled onMove={() => {}} />);
  expect(screen.getByLabelText('Keyboard move')).toHaveAttribute('placeholder', 'type e4 or Nf3');
});
