import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { Link, Route, Switch, useLocation, useSearch } from 'wouter';

import { AppLocation, useLocationHash } from '@/lib/app-location';

const Here = () => {
  const [path] = useLocation();
  const search = useSearch();
  const hash = useLocationHash();
  return <p data-testid="here">{`${path}|${search}|${hash}`}</p>;
};

describe('AppLocation', () => {
  beforeEach(() => window.history.replaceState(null, '', '/start'));
  // The test files share one jsdom (vite.config.ts): the next one starts at `/` again, once
  // nothing listens to the address any more.
  afterEach(() => {
    cleanup();
    window.history.replaceState(null, '', '/');
  });

  it('routes on the browser address, and a link adds a history entry', async () => {
    render(
      <AppLocation>
        <Here />
        <Link to="/teams/club?tab=roster#top">Club</Link>
      </AppLocation>,
    );
    expect(screen.getByTestId('here')).toHaveTextContent('/start||');
    const before = window.history.length;
    await userEvent.click(screen.getByRole('link', { name: 'Club' }));
    expect(window.location.pathname).toBe('/teams/club');
    expect(window.history.length).toBe(before + 1);
    expect(await screen.findByText('/teams/club|tab=roster|#top')).toBeInTheDocument();
  });

  it('a link to the address already shown replaces its entry instead of adding one', async () => {
    render(
      <AppLocation>
        <Link to="/start">Here again</Link>
      </AppLocation>,
    );
    const before = window.history.length;
    await userEvent.click(screen.getByRole('link', { name: 'Here again' }));
    expect(window.history.length).toBe(before);
  });

  it('follows the back button', async () => {
    render(
      <AppLocation>
        <Here />
      </AppLocation>,
    );
    act(() => {
      window.history.pushState(null, '', '/swiss/7');
    });
    expect(await screen.findByText('/swiss/7||')).toBeInTheDocument();
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(await screen.findByText('/start||')).toBeInTheDocument();
  });

  it('keeps the current page on screen while the next page’s code loads, instead of the fallback', async () => {
    let arrive: (page: { default: () => React.JSX.Element }) => void = () => undefined;
    const Next = lazy(() => new Promise<{ default: () => React.JSX.Element }>((resolve) => (arrive = resolve)));
    render(
      <AppLocation>
        <Suspense fallback={<p>Loading…</p>}>
          <Switch>
            <Route path="/start">
              <Link to="/next">Go</Link>
            </Route>
            <Route path="/next">
              <Next />
            </Route>
          </Switch>
        </Suspense>
      </AppLocation>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Go' }));
    expect(window.location.pathname).toBe('/next');
    expect(screen.getByRole('link', { name: 'Go' })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    await act(async () => arrive({ default: () => <h1>Next page</h1> }));
    expect(await screen.findByRole('heading', { name: 'Next page' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go' })).not.toBeInTheDocument();
  });
});
