import { createContext, startTransition, use, useLayoutEffect, useState, type ReactNode } from 'react';
import { Router } from 'wouter';
import { navigate as historyNavigate } from 'wouter/use-browser-location';

import { parseRoute } from '@/lib/route-parser';

type Here = { path: string; search: string; hash: string };

const read = (): Here => ({ path: window.location.pathname, search: window.location.search, hash: window.location.hash });
const HereContext = createContext<Here>({ path: '/', search: '', hash: '' });

/** A navigation to the address already shown replaces its history entry instead of adding the
 * same page again (as react-router's links did). */
const navigate = (to: string, options: { replace?: boolean; state?: unknown } = {}) => {
  const { pathname, search, hash } = window.location;
  historyNavigate(to, { replace: options.replace ?? to === `${pathname}${search}${hash}`, state: options.state });
};

const useHerePath = (): [string, typeof navigate] => [use(HereContext).path, navigate];
const useHereSearch = (): string => use(HereContext).search;

/** The address's `#fragment` (with its `#`), or '' (and always '' under a test's memory router). */
export const useLocationHash = (): string => use(HereContext).hash;

/**
 * The browser's address for wouter's routes, links and hooks, kept in React state and changed in
 * a transition, as react-router's BrowserRouter did: a link to a page whose code (or texts) is
 * still loading keeps the current page on screen until the new one can render, instead of
 * replacing it with the spinner. (wouter's own browser hook changes it synchronously.)
 */
export const AppLocation = ({ children }: { children: ReactNode }) => {
  const [here, setHere] = useState(read);
  useLayoutEffect(() => {
    const update = () => {
      const next = read();
      startTransition(() =>
        setHere((current) => (current.path === next.path && current.search === next.search && current.hash === next.hash ? current : next)),
      );
    };
    // wouter's browser module dispatches `pushState` and `replaceState` (it wraps `history`'s).
    const events = ['popstate', 'pushState', 'replaceState', 'hashchange'];
    events.forEach((name) => window.addEventListener(name, update));
    // A page that redirected before this effect ran (a child's effects run first) is not missed.
    update();
    return () => events.forEach((name) => window.removeEventListener(name, update));
  }, []);
  return (
    <HereContext value={here}>
      <Router hook={useHerePath} searchHook={useHereSearch} parser={parseRoute}>
        {children}
      </Router>
    </HereContext>
  );
};
