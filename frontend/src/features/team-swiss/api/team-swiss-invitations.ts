import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { writeTeam } from '@/lib/team-swiss/cache-writes';
import { teamSwissKeys } from '@/lib/team-swiss/team-swiss-keys';
import type { SquadInvitation } from '@/lib/team-swiss/types';
import { api, unwrap } from '@/lib/api-client';

const line = (invitation: SquadInvitation) => ({ params: { path: { event_id: invitation.event.id, player: invitation.id } } });

/** The caller's pending squad invitations (events not finished), oldest event first. */
export const getInvitations = () => unwrap(api.GET('/api/team-swiss/invitations/', { params: { query: { page_size: 200 } } }));

export const acceptInvitation = (invitation: SquadInvitation) =>
  unwrap(api.POST('/api/team-swiss/{event_id}/invitations/{player}/accept/', line(invitation)));

export const declineInvitation = (invitation: SquadInvitation) =>
  unwrap(api.DELETE('/api/team-swiss/{event_id}/invitations/{player}/', line(invitation)));

export const useInvitations = () => useQuery({ queryKey: teamSwissKeys.invitations(), queryFn: getInvitations });

/**
 * Accept (the answer is the team, written into the event's cache) or decline. Either way the
 * list is read again: accepting drops the user's other invitations of that event.
 */
export const useInvitationAnswer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ invitation, accept }: { invitation: SquadInvitation; accept: boolean }) =>
      accept ? acceptInvitation(invitation) : declineInvitation(invitation).then(() => null),
    onSuccess: (team, { invitation }) => {
      if (team) writeTeam(queryClient, invitation.event.id, team);
      void queryClient.invalidateQueries({ queryKey: teamSwissKeys.invitations() });
      void queryClient.invalidateQueries({ queryKey: teamSwissKeys.detail(invitation.event.id) });
    },
  });
};
