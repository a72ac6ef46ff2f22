import type { Query, QueryClient } from '@tanstack/react-query';

import { helloIsAhead } from '@/lib/team-swiss/apply-live-event';
import { teamSwissKeys } from '@/lib/team-swiss/team-swiss-keys';
import type { LiveEvent, TeamSwissEvent } from '@/lib/team-swiss/types';
import type { PingPage } from '@/lib/version-pings';

type Hello = Extract<LiveEvent, { event: 'hello' }>['payload'];

/** The event's pages, which a `reload` ping reads again (a captain's line-up is their own). */
const PAGES = new Set<unknown>(['detail', 'round', 'standings', 'crosstable', 'board-scores']);
const isPage = ({ queryKey }: Query) => PAGES.has(queryKey[2]);

/** How long before its time a pairing (round 1) or the boards (line-ups closing) count as due. */
const DUE_MS = 60_000;

/**
 * Whether the viewer waits for what a round brings them, as the cached event knows it: its
 * captain or a player of an active team, round 1 due to be paired or the line-ups (and so the
 * boards) due to close within a minute, or overdue.
 */
export const waitsForRound = (event: TeamSwissEvent | undefined, username: string | null, now = Date.now()): boolean => {
  if (!event || !username) return false;
  const due = event.status === 'created' ? event.starts_at : event.round?.status === 'lineups' ? event.round.lineups_close_at : null;
  const mine = event.teams.some((team) => team.status === 'active' && team.players.some((player) => player.username === username));
  return !!due && Date.parse(due) - now <= DUE_MS && (mine || event.viewer_captain_of !== null);
};

/** What the event's socket does with its version pings (`connectTeamSwiss`). */
export const teamSwissPingPage = (queryClient: QueryClient, id: number, viewer: () => string | null): PingPage<Hello> => {
  const cached = () => queryClient.getQueryData<TeamSwissEvent>(teamSwissKeys.detail(id));
  return {
    behind: (hello) => helloIsAhead(queryClient, id, hello),
    players: () => (cached()?.team_count ?? 0) * (cached()?.boards ?? 0),
    waiting: () => waitsForRound(cached(), viewer()),
    reload: async () => {
      await queryClient.invalidateQueries({ queryKey: teamSwissKeys.event(id), predicate: isPage });
      // The detail carries its version (the pages' `Arbiter-Version`).
      return cached()?.version ?? null;
    },
    refetchAll: () => void queryClient.invalidateQueries({ queryKey: teamSwissKeys.event(id) }),
  };
};
