import { useMutation, useQueryClient } from '@tanstack/react-query';

import { writeEvent } from '@/lib/team-swiss/cache-writes';
import { teamSwissKeys } from '@/lib/team-swiss/team-swiss-keys';
import type { TeamSwissInput } from '@/lib/team-swiss/types';
import { api, unwrap } from '@/lib/api-client';

export const createTeamSwiss = (input: TeamSwissInput) => unwrap(api.POST('/api/team-swiss/', { body: input }));

/** The new event is cached for its page; the team's list of events (paged by the server) is read again. */
export const useCreateTeamSwiss = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeamSwiss,
    onSuccess: (event) => {
      writeEvent(queryClient, event);
      void queryClient.invalidateQueries({ queryKey: teamSwissKeys.lists() });
    },
  });
};
