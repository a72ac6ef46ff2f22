export const accountKeys = {
  tokens: () => ['account', 'tokens'] as const,
};
