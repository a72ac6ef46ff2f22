import { Suspense } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';

import { RouteErrorBoundary } from '@/app/routes/route-error';
import { Spinner } from '@/components/ui/spinner';
import { useMe } from '@/lib/auth';
import { UserNav } from '@/features/auth/components/user-nav';
import { useGameStart } from '@/features/games/hooks/use-game-start';
import { ToolsNavLink } from '@/features/tools/components/tools-nav-link';
import { UserSocketProvider } from '@/lib/user-socket';

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-2 py-1 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800 ${isActive ? 'text-emerald-700 dark:text-emerald-400' : ''}`;

export const RootLayout = () => {
  const me = useMe();
  return (
    <UserSocketProvider signedIn={Boolean(me.data)}>
      <Layout signedIn={Boolean(me.data)} />
    </UserSocketProvider>
  );
};

const Layout = ({ signedIn }: { signedIn: boolean }) => {
  const { pathname } = useLocation();
  useGameStart(signedIn);
  return (
    <div className="min-h-dvh">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        Skip to content
      </a>
      <header className="border-b border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-3 py-2 sm:px-4">
          <nav aria-label="Main" className="flex items-center gap-1">
            <Link to="/" className="mr-2 text-lg font-bold tracking-tight">
              Arbiter
            </Link>
            <NavLink to="/" end className={navClass}>
              Events
            </NavLink>
            <NavLink to="/teams" className={navClass}>
              Teams
            </NavLink>
            <ToolsNavLink className={navClass} />
          </nav>
          <UserNav />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-3 py-4 sm:px-4 sm:py-6">
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
    </div>
  );
};
