export const ratingsKeys = {
  profile: (username: string) => ['ratings', username.toLowerCase(), 'profile'] as const,
  history: (username: string, speed: string) => ['ratings', username.toLowerCase(), 'history', speed] as const,
  events: (username: string) => ['ratings', username.toLowerCase(), 'events'] as const,
};
