import type { User } from '@rackdesk/contract';
import { hasPermission } from '../../../lib/user-access.ts';

/** The tabs of /account (portal spec §2 Account), each at its own path so a reload keeps it. */
export const accountTabKeys = [
  'details',
  'security',
  'billing-info',
  'add-funds',
  'api-tokens',
  'ssh-keys',
  'sub-accounts',
] as const;
export type AccountTabKey = (typeof accountTabKeys)[number];

export interface AccountTab {
  key: AccountTabKey;
  label: string;
  /** The path under /account; '' for the first tab. */
  path: string;
}

const all: readonly AccountTab[] = [
  { key: 'details', label: 'Account Details', path: '' },
  { key: 'security', label: 'Security', path: 'security' },
  { key: 'billing-info', label: 'Billing Info', path: 'billinginfo' },
  { key: 'add-funds', label: 'Add Funds', path: 'addfunds' },
  { key: 'api-tokens', label: 'API Tokens', path: 'api-tokens' },
  { key: 'ssh-keys', label: 'SSH Keys', path: 'ssh-keys' },
  { key: 'sub-accounts', label: 'Sub-Accounts', path: 'sub-accounts' },
];

/** Tabs for owners only (portal spec §2, §6): API Tokens, SSH Keys and Sub-Accounts. */
const ownerOnly: ReadonlySet<AccountTabKey> = new Set(['api-tokens', 'ssh-keys', 'sub-accounts']);

/** Tabs for the billing permission (portal spec §2, §6): hidden from sub-accounts without it. */
const billingOnly: ReadonlySet<AccountTabKey> = new Set(['billing-info', 'add-funds']);

/** The tabs a user sees, in the spec's order. */
export function accountTabsFor(user: Pick<User, 'is_sub_account' | 'sub_account'>): AccountTab[] {
  return all.filter(
    (tab) =>
      !(user.is_sub_account && ownerOnly.has(tab.key)) &&
      !(billingOnly.has(tab.key) && !hasPermission(user, 'billing')),
  );
}

/** The tab a path under /account names, or undefined for a path that names none. */
export function accountTabAt(tabs: readonly AccountTab[], subPath: string): AccountTab | undefined {
  const path = subPath.replace(/^\/+|\/+$/g, '');
  return tabs.find((tab) => tab.path === path);
}
