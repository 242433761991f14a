/** Security (2FA, recovery codes, password, sessions, closing the account): built by the security work. */
export function SecurityTab() {
  return null;
}
