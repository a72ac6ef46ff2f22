import { RatingDiff } from '@/components/ui/rating-diff';
import { renderWithProviders } from '@/testing/render-with-providers';

describe('RatingDiff', () => {
  it('shows a gain, a loss and no change, and nothing for an unrated game', () => {
    expect(renderWithProviders(<RatingDiff diff={12} />).container).toHaveTextContent('+12');
    expect(renderWithProviders(<RatingDiff diff={-8} />).container).toHaveTextContent('−8');
    expect(renderWithProviders(<RatingDiff diff={0} />).container).toHaveTextContent('±0');
    expect(renderWithProviders(<RatingDiff diff={null} />).container).toBeEmptyDOMElement();
  });
});
