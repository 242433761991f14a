/** Sub-Accounts (owners only): built by the sub-accounts work. */
export function SubAccountsTab() {
  return null;
}
