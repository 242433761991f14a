/** Account Details (portal spec §2, §3, §5, §8): built by the account details work. */
export function AccountDetailsTab() {
  return null;
}
