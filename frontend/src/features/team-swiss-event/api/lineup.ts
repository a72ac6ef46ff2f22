import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { writeSubmitted } from '@/lib/team-swiss/cache-writes';
import { teamSwissKeys } from '@/lib/team-swiss/team-swiss-keys';
import { api, unwrap } from '@/lib/api-client';

const lineup = (id: number, number: number, tpn: number) => ({ params: { path: { event_id: id, number, tpn } } });

export const getLineup = (id: number, number: number, tpn: number) => unwrap(api.GET('/api/team-swiss/{event_id}/rounds/{number}/lineups/{tpn}/', lineup(id, number, tpn)));

export const submitLineup = (id: number, number: number, tpn: number, players: (number | null)[]) =>
  unwrap(api.PUT('/api/team-swiss/{event_id}/rounds/{number}/lineups/{tpn}/', { ...lineup(id, number, tpn), body: { players } }));

/** The team's line-up as submitted, or the default (its first N squad players) until then. */
export const useLineup = (id: number, round: number, tpn: number, enabled: boolean) =>
  useQuery({ queryKey: teamSwissKeys.lineup(id, round, tpn), queryFn: () => getLineup(id, round, tpn), enabled });

/** The captain's own line-up is cached as sent; the round learns only that it is in. */
export const useSubmitLineup = (id: number, round: number, tpn: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (players: (number | null)[]) => submitLineup(id, round, tpn, players),
    onSuccess: (answer) => {
      queryClient.setQueryData(teamSwissKeys.lineup(id, round, tpn), answer);
      writeSubmitted(queryClient, id, round, tpn);
    },
  });
};
