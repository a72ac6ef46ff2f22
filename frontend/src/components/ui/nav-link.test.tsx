import { screen } from '@testing-library/react';

import { NavLink } from '@/components/ui/nav-link';
import { renderWithProviders } from '@/testing/render-with-providers';

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav active' : 'nav');

const renderMenu = (path: string) =>
  renderWithProviders(
    <nav>
      <NavLink to="/" end className={navClass}>
        Events
      </NavLink>
      <NavLink to="/teams" className={navClass}>
        Teams
      </NavLink>
    </nav>,
    { path },
  );

describe('NavLink', () => {
  it('marks its own path and, without `end`, the paths under it as the current page', () => {
    renderMenu('/teams/chess-club/new-event');
    const teams = screen.getByRole('link', { name: 'Teams' });
    expect(teams).toHaveAttribute('href', '/teams');
    expect(teams).toHaveAttribute('aria-current', 'page');
    expect(teams).toHaveClass('active');
    const events = screen.getByRole('link', { name: 'Events' });
    expect(events).not.toHaveAttribute('aria-current');
    expect(events).not.toHaveClass('active');
  });

  it('with `end`, marks its own path only; a path that merely starts with its letters is another page', () => {
    renderMenu('/');
    expect(screen.getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Teams' })).not.toHaveAttribute('aria-current');
  });

  it('a path that merely starts with its letters is another page', () => {
    renderMenu('/teamsters');
    expect(screen.getByRole('link', { name: 'Teams' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Events' })).not.toHaveAttribute('aria-current');
  });
});
