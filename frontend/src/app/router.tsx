import { type ComponentType, lazy, useMemo } from 'react';
import { BrowserRouter, Route, Routes, useParams } from 'react-router';

import { queryClient } from '@/app/query-client';
import { RootLayout } from '@/app/routes/root-layout';
import { meQueryOptions } from '@/lib/auth';
import { teamQueryOptions } from '@/features/teams/api/get-team';
import { prefetchSwissEvent } from '@/features/swiss-event/api/prefetch-swiss-event';

// Declarative routes rather than a data router: the data router's code (loaders, actions,
// fetchers) weighs ~17 kB gzipped on every page, and no page uses it (docs/frontend.md).
// Each page is its own chunk; RootLayout shows a spinner while one loads.
const page = <T,>(load: () => Promise<T>, pick: (module: T) => ComponentType) =>
  lazy(() => load().then((module) => ({ default: pick(module) })));

const Lobby = page(() => import('@/app/routes/lobby'), (m) => m.LobbyRoute);
const Login = page(() => import('@/app/routes/login'), (m) => m.LoginRoute);
const Register = page(() => import('@/app/routes/register'), (m) => m.RegisterRoute);
const Teams = page(() => import('@/app/routes/teams'), (m) => m.TeamsRoute);
const Team = page(() => import('@/app/routes/team'), (m) => m.TeamRoute);
const NewEvent = page(() => import('@/app/routes/new-event'), (m) => m.NewEventRoute);
const EditEvent = page(() => import('@/app/routes/edit-event'), (m) => m.EditEventRoute);
const PrintSheet = page(() => import('@/app/routes/print-sheet'), (m) => m.PrintSheetRoute);
const Swiss = page(() => import('@/app/routes/swiss'), (m) => m.SwissRoute);
const TeamSwiss = page(() => import('@/app/routes/team-swiss'), (m) => m.TeamSwissRoute);
const NewTeamSwiss = page(() => import('@/app/routes/new-team-swiss'), (m) => m.NewTeamSwissRoute);
const TeamSwissLineup = page(() => import('@/app/routes/team-swiss-lineup'), (m) => m.TeamSwissLineupRoute);
const Exports = page(() => import('@/app/routes/exports'), (m) => m.ExportsRoute);
const Game = page(() => import('@/app/routes/game'), (m) => m.GameRoute);
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

export const AppRoutes = () => (
  <Routes>
    <Route path="/" element={<RootLayout />}>
      <Route index element={<Lobby />} />
      <Route path="login" element={<Login />} />
      <Route path="register" element={<Register />} />
      <Route path="teams" element={<Teams />} />
      <Route path="teams/:slug" element={<Team />} />
      <Route path="teams/:slug/new-event" element={<NewEvent />} />
      <Route path="swiss/:id/edit" element={<EditEvent />} />
      <Route path="swiss/:id/print/:sheet" element={<PrintSheet />} />
      <Route path="swiss/:id/exports" element={<Exports />} />
      <Route path="swiss/:id/rating-report" element={<RatingReport />} />
      <Route path="swiss/:id/board/:pairingId" element={<OtbBoard />} />
      <Route path="swiss/:id" element={<SwissEntry />} />
      <Route path="team-swiss/new" element={<NewTeamSwiss />} />
      <Route path="team-swiss/:id" element={<TeamSwiss />} />
      <Route path="team-swiss/:id/lineup/:tpn" element={<TeamSwissLineup />} />
      <Route path="team-swiss/:id/rating-report" element={<TeamRatingReport />} />
      <Route path="game/:id" element={<Game />} />
      <Route path="@/:username" element={<Profile />} />
      <Route path="tools/trf-check" element={<TrfCheck />} />
      <Route path="account" element={<Account />} />
      <Route path="*" element={<NotFound />} />
    </Route>
  </Routes>
);

export const AppRouter = () => (
  <BrowserRouter>
    <AppRoutes />
  </BrowserRouter>
);
