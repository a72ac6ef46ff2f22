import { screen } from '@testing-library/react';
import { Route, Switch, useParams } from 'wouter';

import { renderWithProviders } from '@/testing/render-with-providers';

const Params = () => <p data-testid="params">{JSON.stringify(useParams())}</p>;

const renderAt = (path: string) =>
  renderWithProviders(
    <Switch>
      <Route path="/@/:username">
        <Params />
      </Route>
      <Route path="/swiss/:id/print/:sheet">
        <Params />
      </Route>
      <Route>
        <p>Not found</p>
      </Route>
    </Switch>,
    { path },
  );

describe('parseRoute', () => {
  it.each([
    ['/@/alice', 'alice'],
    ['/@/john%40example.com', 'john@example.com'],
    ['/@/a%2Bb', 'a+b'],
    ['/@/jos%C3%A9', 'josé'],
    ['/@/a%2Fb', 'a/b'],
    ['/@/bad%E0%A4%A', 'bad%E0%A4%A'],
  ])('gives %s the username %s, decoded as react-router did', (path, username) => {
    renderAt(path);
    expect(JSON.parse(screen.getByTestId('params').textContent ?? '')).toMatchObject({ username });
  });

  it('matches the whole path, letter case and one trailing slash aside', () => {
    renderAt('/SWISS/7/print/standings/');
    expect(JSON.parse(screen.getByTestId('params').textContent ?? '')).toMatchObject({ id: '7', sheet: 'standings' });
  });

  it('a longer path is another page', () => {
    renderAt('/@/alice/games');
    expect(screen.getByText('Not found')).toBeInTheDocument();
  });
});
