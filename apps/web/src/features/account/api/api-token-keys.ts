/**
 * Query keys of the API Tokens tab, under the account pages' root key so that refreshing the
 * account refreshes them too.
 */
export const apiTokenKeys = {
  list: () => ['account', 'api-tokens'] as const,
};

export const apiTokensApiPath = '/api-tokens';
