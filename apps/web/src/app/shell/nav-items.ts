import type { SubAccountPermission, User } from '@rackdesk/contract';
import { hasPermission } from '../../lib/user-access.ts';
import { paths } from '../../lib/paths.ts';

export type NavIcon =
  'dashboard' | 'order' | 'services' | 'invoices' | 'account' | 'support' | 'logout' | 'login' | 'contact';

export interface NavItem {
  label: string;
  to: string;
  icon: NavIcon;
  /** Sub-accounts see the item only with this permission. */
  permission?: SubAccountPermission;
}

const memberItems: NavItem[] = [
  { label: 'Dashboard', to: paths.dashboard, icon: 'dashboard' },
  { label: 'Order', to: paths.order, icon: 'order', permission: 'order' },
  { label: 'Services', to: paths.services, icon: 'services', permission: 'services' },
  { label: 'Invoices', to: paths.invoices, icon: 'invoices', permission: 'billing' },
  { label: 'Account', to: paths.account, icon: 'account' },
  { label: 'Support', to: paths.support, icon: 'support', permission: 'support' },
  { label: 'Logout', to: paths.logout, icon: 'logout' },
];

const guestItems: NavItem[] = [
  { label: 'Login', to: paths.login, icon: 'login' },
  { label: 'Order', to: paths.order, icon: 'order' },
  { label: 'Contact', to: paths.supportNew, icon: 'contact' },
];

/** The sidebar entries for a user (servers spec §2 Shell, §6). */
export function navItemsFor(user: User | null | undefined): NavItem[] {
  if (!user) return guestItems;
  return memberItems.filter((item) => !item.permission || hasPermission(user, item.permission));
}
