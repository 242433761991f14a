/** Query keys of the account pages; the signed-in user itself is kept in lib/session-user. */
export const accountKeys = {
  all: ['account'] as const,
  twoFactor: () => [...accountKeys.all, 'two-factor'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  apiTokens: () => [...accountKeys.all, 'api-tokens'] as const,
  subAccounts: () => [...accountKeys.all, 'sub-accounts'] as const,
};

export const apiTokensApiPath = '/api-tokens';
export const subAccountsApiPath = '/sub-accounts';
