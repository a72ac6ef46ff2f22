import { useMutation, useQueryClient } from '@tanstack/react-query';

import { writeTeam } from '@/lib/team-swiss/cache-writes';
import { teamSwissKeys } from '@/lib/team-swiss/team-swiss-keys';
import type { TeamInput } from '@/lib/team-swiss/types';
import { api, unwrap } from '@/lib/api-client';

/*
 * Registering and withdrawing a team: the host leaders' arbiter panel and a captain's own box
 * (or "Register your team") alike. Each answer is written into the cached event; others read
 * it at the `reload` ping.
 */

export const registerTeam = (id: number, input: TeamInput) =>
  unwrap(api.POST('/api/team-swiss/{event_id}/teams/', { params: { path: { event_id: id } }, body: input }));

export const withdrawTeam = (id: number, tpn: number) =>
  unwrap(api.POST('/api/team-swiss/{event_id}/teams/{tpn}/withdraw/', { params: { path: { event_id: id, tpn } } }));

/** The team joins the cached event at once; the event is read again for the viewer's fields (`viewer_captain_of`). */
export const useRegisterTeam = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TeamInput) => registerTeam(id, input),
    onSuccess: (team) => {
      writeTeam(queryClient, id, team);
      void queryClient.invalidateQueries({ queryKey: teamSwissKeys.detail(id) });
    },
  });
};

/** Final: the answer is the team, now `withdrawn`. */
export const useWithdrawTeam = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (tpn: number) => withdrawTeam(id, tpn), onSuccess: (team) => writeTeam(queryClient, id, team) });
};
