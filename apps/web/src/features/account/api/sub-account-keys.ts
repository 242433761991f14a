/**
 * Query keys of the Sub-Accounts tab, under the account pages' root key so that refreshing the
 * account refreshes them too.
 */
export const subAccountKeys = {
  list: () => ['account', 'sub-accounts'] as const,
};

export const subAccountsApiPath = '/sub-accounts';
