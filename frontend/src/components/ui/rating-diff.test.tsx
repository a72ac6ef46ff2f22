import { render } from '@testing-library/react';

import { RatingDiff } from '@/components/ui/rating-diff';

describe('RatingDiff', () => {
  it('shows a gain, a loss and no change, and nothing for an unrated game', () => {
    expect(render(<RatingDiff diff={12} />).container).toHaveTextContent('+12');
    expect(render(<RatingDiff diff={-8} />).container).toHaveTextContent('−8');
    expect(render(<RatingDiff diff={0} />).container).toHaveTextContent('±0');
    expect(render(<RatingDiff diff={null} />).container).toBeEmptyDOMElement();
  });
});
