import { createBrowserRouter, RouterProvider } from 'react-router';

import { queryClient } from '@/app/query-client';
import { RootLayout } from '@/app/routes/root-layout';
import { Spinner } from '@/components/ui/spinner';
import { meQueryOptions } from '@/features/auth/api/get-me';
import { teamQueryOptions } from '@/features/teams/api/get-team';
import { prefetchSwissEvent } from '@/features/tournaments/api/prefetch-swiss-event';
import { RouteError } from '@/app/routes/route-error';

// Each page is its own chunk; the event page loads only what it needs.
export const routes = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    // Shown while the first page's code loads.
    HydrateFallback: () => <Spinner />,
    children: [
      { index: true, lazy: () => import('@/app/routes/lobby').then((m) => ({ Component: m.LobbyRoute })) },
      { path: 'login', lazy: () => import('@/app/routes/login').then((m) => ({ Component: m.LoginRoute })) },
      { path: 'register', lazy: () => import('@/app/routes/register').then((m) => ({ Component: m.RegisterRoute })) },
      { path: 'teams', lazy: () => import('@/app/routes/teams').then((m) => ({ Component: m.TeamsRoute })) },
      { path: 'teams/:slug', lazy: () => import('@/app/routes/team').then((m) => ({ Component: m.TeamRoute })) },
      { path: 'teams/:slug/new-event', lazy: () => import('@/app/routes/new-event').then((m) => ({ Component: m.NewEventRoute })) },
      { path: 'swiss/:id/edit', lazy: () => import('@/app/routes/edit-event').then((m) => ({ Component: m.EditEventRoute })) },
      { path: 'swiss/:id/print/:sheet', lazy: () => import('@/app/routes/print-sheet').then((m) => ({ Component: m.PrintSheetRoute })) },
      {
        path: 'swiss/:id',
        // The event's reads start while the page's code loads; the loader does not wait for them.
        loader: ({ params }: { params: { id?: string } }) => {
          if (params.id && /^\d+$/.test(params.id)) {
            const me = queryClient.fetchQuery(meQueryOptions()).catch(() => null);
            const event = prefetchSwissEvent(queryClient, Number(params.id));
            // Whether the viewer belongs to the hosting team decides what their panel offers.
            void Promise.all([me, event]).then(([user, tournament]) => {
              if (user && tournament) void queryClient.prefetchQuery(teamQueryOptions(tournament.team));
            });
          }
          return null;
        },
        lazy: () => import('@/app/routes/swiss').then((m) => ({ Component: m.SwissRoute })),
      },
      { path: 'game/:id', lazy: () => import('@/features/games/components/game-page').then((m) => ({ Component: m.GameRoute })) },
      { path: '@/:username', lazy: () => import('@/features/ratings/components/profile-page').then((m) => ({ Component: m.ProfileRoute })) },
      { path: 'tools/trf-check', lazy: () => import('@/features/tools/components/trf-check-page').then((m) => ({ Component: m.TrfCheckRoute })) },
      { path: 'account', lazy: () => import('@/app/routes/account').then((m) => ({ Component: m.AccountRoute })) },
      { path: '*', lazy: () => import('@/app/routes/not-found').then((m) => ({ Component: m.NotFoundRoute })) },
    ],
  },
];

const router = createBrowserRouter(routes);

export const AppRouter = () => <RouterProvider router={router} />;
