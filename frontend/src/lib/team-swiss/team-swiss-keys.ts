/**
 * Every query key of the team Swiss events (the event page, the arbiter panel, the forms, the
 * team's and the player's lists). Each query of one event starts with ['team-swiss', id], so a
 * reconnect refetches them all at once.
 */
export const teamSwissKeys = {
  lists: () => ['team-swiss', 'list'] as const,
  /** The signed-in user's pending squad invitations (their account page). */
  invitations: () => ['team-swiss', 'invitations'] as const,
  list: (team: string) => ['team-swiss', 'list', team] as const,
  /** The team tie-break codes, their names per primary score and the default order (one per release). */
  tiebreaks: () => ['team-swiss', 'tiebreaks'] as const,
  event: (id: number) => ['team-swiss', id] as const,
  detail: (id: number) => ['team-swiss', id, 'detail'] as const,
  round: (id: number, number: number) => ['team-swiss', id, 'round', number] as const,
  standings: (id: number) => ['team-swiss', id, 'standings'] as const,
  crosstable: (id: number) => ['team-swiss', id, 'crosstable'] as const,
  boardScores: (id: number) => ['team-swiss', id, 'board-scores'] as const,
  lineup: (id: number, round: number, tpn: number) => ['team-swiss', id, 'lineup', round, tpn] as const,
};
