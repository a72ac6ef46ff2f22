/** The session's keys: kept when the user changes, while every other query is dropped (`setSessionUser`). */
export const authKeys = {
  all: ['auth'] as const,
  me: () => ['auth', 'me'] as const,
};
