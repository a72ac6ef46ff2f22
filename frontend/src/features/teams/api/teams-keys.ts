/** Every query key of the teams feature. A team's keys start with what they hold, not its slug,
 * so that no slug (a team named "List") can fall under the lists' prefix. */
export const teamsKeys = {
  lists: () => ['teams', 'list'] as const,
  list: (filters: object) => ['teams', 'list', filters] as const,
  detail: (slug: string) => ['teams', 'detail', slug] as const,
  members: (slug: string) => ['teams', 'members', slug] as const,
  requests: (slug: string) => ['teams', 'requests', slug] as const,
};
