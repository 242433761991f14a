import type { SubAccountPermission, User } from '@rackdesk/contract';

// Apart from the session (auth.ts) so that the sign-in page's scripts do not carry them.

/** Whether the user may use a sub-account permission; owners may use everything. */
export function hasPermission(
  user: Pick<User, 'is_sub_account' | 'sub_account'> | null | undefined,
  permission: SubAccountPermission,
): boolean {
  if (!user) return false;
  if (!user.is_sub_account) return true;
  return user.sub_account?.parsed_permissions[permission] ?? false;
}

/** The name and e-mail the header shows: the sub-account's own for sub-accounts. */
export function displayIdentity(user: User): { name: string; firstName: string; email: string } {
  if (user.is_sub_account && user.sub_account) {
    const { firstname, lastname, email } = user.sub_account;
    return { name: `${firstname} ${lastname}`.trim() || email, firstName: firstname, email };
  }
  const name = user.fullname || `${user.firstname} ${user.lastname}`.trim();
  return { name: name || user.email, firstName: user.firstname, email: user.email };
}
