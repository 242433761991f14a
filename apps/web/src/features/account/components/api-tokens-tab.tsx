/** API Tokens (owners only): built by the API tokens work. */
export function ApiTokensTab() {
  return null;
}
