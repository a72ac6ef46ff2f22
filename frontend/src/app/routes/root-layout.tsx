import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';

import { RouteErrorBoundary } from '@/app/routes/route-error';
import { LanguagePicker } from '@/components/ui/language-picker';
import { NavLink } from '@/components/ui/nav-link';
import { Spinner } from '@/components/ui/spinner';
import { useMe } from '@/lib/auth';
import { UserNav } from '@/features/auth/components/user-nav';
import { useGameStart } from '@/features/games/hooks/use-game-start';
import { ToolsNavLink } from '@/features/tools/components/tools-nav-link';
import { SITE_NAME } from '@/hooks/use-page-title';
import { UserSocketProvider } from '@/lib/user-socket';

const NAV_CLASS = 'rounded px-2 py-1 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800';
const NAV_ACTIVE_CLASS = `${NAV_CLASS} text-emerald-700 dark:text-emerald-400`;
const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? NAV_ACTIVE_CLASS : NAV_CLASS);

/** The header and the page's frame around `children` (the routes), on every page. */
export const RootLayout = ({ children }: { children: ReactNode }) => {
  const me = useMe();
  return (
    <UserSocketProvider signedIn={Boolean(me.data)}>
      <Layout signedIn={Boolean(me.data)}>{children}</Layout>
    </UserSocketProvider>
  );
};

const Layout = ({ signedIn, children }: { signedIn: boolean; children: ReactNode }) => {
  const { t } = useLingui();
  const [pathname] = useLocation();
  useGameStart(signedIn);
  return (
    <div className="min-h-dvh">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        <Trans>Skip to content</Trans>
      </a>
      <header className="border-b border-slate-200 dark:border-slate-800">
        {/* On a phone the account corner (and, in a longer language, part of the menu) wraps to
            a line of its own, kept at the end side. */}
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-2 gap-y-1 px-3 py-2 sm:px-4">
          <nav aria-label={t({ message: 'Main', comment: "the site's main navigation menu" })} className="flex min-w-0 flex-wrap items-center gap-1">
            <Link to="/" className="me-2 text-lg font-bold tracking-tight">
              {SITE_NAME}
            </Link>
            <NavLink to="/" end className={navClass}>
              <Trans>Events</Trans>
            </NavLink>
            <NavLink to="/teams" className={navClass}>
              <Trans>Teams</Trans>
            </NavLink>
            <ToolsNavLink className={navClass} />
          </nav>
          <div className="ms-auto flex min-w-0 flex-wrap items-center justify-end gap-2">
            <LanguagePicker />
            <UserNav />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-3 py-4 sm:px-4 sm:py-6">
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Spinner />}>
            {children}
          </Suspense>
        </RouteErrorBoundary>
      </main>
    </div>
  );
};
