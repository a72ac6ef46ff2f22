import { type ComponentType, lazy, useMemo } from 'react';
import { Route, Switch, useParams } from 'wouter';

import { queryClient } from '@/app/query-client';
import { RootLayout } from '@/app/routes/root-layout';
import { AppLocation } from '@/lib/app-location';
import { meQueryOptions } from '@/lib/auth';
import { catalogsEnsure, type CatalogName } from '@/lib/i18n/catalogs';
import { teamQueryOptions } from '@/features/teams/api/get-team';
import { prefetchSwissEvent } from '@/features/swiss-event/api/prefetch-swiss-event';

// wouter's routes (~2 kB gzipped) rather than react-router's (~12 kB, ~29 kB with its data
// router): every page loads the router, and the game page's JavaScript has a budget
// (docs/frontend.md). Each page is its own chunk; RootLayout shows a spinner while the first
// one loads, and a link keeps the current page on screen while the next one's loads
// (AppLocation changes the address in a transition).
// A page waits for its texts beside its code, in the active language: the game page's are in
// `shell` (loaded at start), the event page's in `event`, the others' in `event` and `pages`
// (lingui.catalogs.ts).
const OTHER_PAGES: readonly CatalogName[] = ['event', 'pages'];
const page = <T,>(load: () => Promise<T>, pick: (module: T) => ComponentType, catalogs = OTHER_PAGES) =>
  lazy(() => Promise.all([load(), catalogsEnsure(catalogs)]).then(([module]) => ({ default: pick(module) })));

const Lobby = page(() => import('@/app/routes/lobby'), (m) => m.LobbyRoute);
const Login = page(() => import('@/app/routes/login'), (m) => m.LoginRoute);
const Register = page(() => import('@/app/routes/register'), (m) => m.RegisterRoute);
const Teams = page(() => import('@/app/routes/teams'), (m) => m.TeamsRoute);
const Team = page(() => import('@/app/routes/team'), (m) => m.TeamRoute);
const NewEvent = page(() => import('@/app/routes/new-event'), (m) => m.NewEventRoute);
const EditEvent = page(() => import('@/app/routes/edit-event'), (m) => m.EditEventRoute);
const PrintSheet = page(() => import('@/app/routes/print-sheet'), (m) => m.PrintSheetRoute);
const Swiss = page(() => import('@/app/routes/swiss'), (m) => m.SwissRoute, ['event']);
const TeamSwiss = page(() => import('@/app/routes/team-swiss'), (m) => m.TeamSwissRoute);
const NewTeamSwiss = page(() => import('@/app/routes/new-team-swiss'), (m) => m.NewTeamSwissRoute);
const TeamSwissLineup = page(() => import('@/app/routes/team-swiss-lineup'), (m) => m.TeamSwissLineupRoute);
const Exports = page(() => import('@/app/routes/exports'), (m) => m.ExportsRoute);
const Game = page(() => import('@/app/routes/game'), (m) => m.GameRoute, []);
const OtbBoard = page(() => import('@/app/routes/otb-board'), (m) => m.OtbBoardRoute);
const Profile = page(() => import('@/app/routes/profile'), (m) => m.ProfileRoute);
const RatingReport = page(() => import('@/app/routes/rating-report'), (m) => m.RatingReportRoute);
const TeamRatingReport = page(() => import('@/app/routes/rating-report'), (m) => m.TeamRatingReportRoute);
const TrfCheck = page(() => import('@/app/routes/trf-check'), (m) => m.TrfCheckRoute);
const Account = page(() => import('@/app/routes/account'), (m) => m.AccountRoute);
const NotFound = page(() => import('@/app/routes/not-found'), (m) => m.NotFoundRoute);

/** The event's reads start while the page's code loads, without waiting for either. */
const prefetchEvent = (id: number) => {
  const me = queryClient.fetchQuery(meQueryOptions()).catch(() => null);
  const event = prefetchSwissEvent(queryClient, id);
  // Whether the viewer belongs to the hosting team decides what their panel offers.
  void Promise.all([me, event]).then(([user, tournament]) => {
    if (user && tournament) void queryClient.prefetchQuery(teamQueryOptions(tournament.team));
  });
};

const SwissEntry = () => {
  const { id = '' } = useParams();
  // During render, not in an effect: the reads then start before the page's chunk arrives.
  useMemo(() => /^\d+$/.test(id) && prefetchEvent(Number(id)), [id]);
  return <Swiss />;
};

// wouter's Switch renders the first route whose pattern matches the whole path (a trailing slash
// and letter case aside), so a fixed segment comes before a parameter in the same place
// (`team-swiss/new` before `team-swiss/:id`); the last route, without a path, is the not-found page.
export const AppRoutes = () => (
  <RootLayout>
    <Switch>
      <Route path="/">
        <Lobby />
      </Route>
      <Route path="/login">
        <Login />
      </Route>
      <Route path="/register">
        <Register />
      </Route>
      <Route path="/teams">
        <Teams />
      </Route>
      <Route path="/teams/:slug">
        <Team />
      </Route>
      <Route path="/teams/:slug/new-event">
        <NewEvent />
      </Route>
      <Route path="/swiss/:id/edit">
        <EditEvent />
      </Route>
      <Route path="/swiss/:id/print/:sheet">
        <PrintSheet />
      </Route>
      <Route path="/swiss/:id/exports">
        <Exports />
      </Route>
      <Route path="/swiss/:id/rating-report">
        <RatingReport />
      </Route>
      <Route path="/swiss/:id/board/:pairingId">
        <OtbBoard />
      </Route>
      <Route path="/swiss/:id">
        <SwissEntry />
      </Route>
      <Route path="/team-swiss/new">
        <NewTeamSwiss />
      </Route>
      <Route path="/team-swiss/:id">
        <TeamSwiss />
      </Route>
      <Route path="/team-swiss/:id/lineup/:tpn">
        <TeamSwissLineup />
      </Route>
      <Route path="/team-swiss/:id/rating-report">
        <TeamRatingReport />
      </Route>
      <Route path="/game/:id">
        <Game />
      </Route>
      <Route path="/@/:username">
        <Profile />
      </Route>
      <Route path="/tools/trf-check">
        <TrfCheck />
      </Route>
      <Route path="/account">
        <Account />
      </Route>
      <Route>
        <NotFound />
      </Route>
    </Switch>
  </RootLayout>
);

export const AppRouter = () => (
  <AppLocation>
    <AppRoutes />
  </AppLocation>
);
