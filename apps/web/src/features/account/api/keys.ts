/** Query keys of the account pages; the signed-in user itself is `sessionKeys.user` (lib/auth). */
export const accountKeys = {
  all: ['account'] as const,
  twoFactor: () => [...accountKeys.all, 'two-factor'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
};
