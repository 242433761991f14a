import { describe, expect, it } from 'vitest';
import { accountTabAt, accountTabsFor } from './account-tabs.ts';

const owner = { is_sub_account: false, sub_account: null };
const subAccount = (billing: boolean) => ({
  is_sub_account: true,
  sub_account: {
    id: 2,
    firstname: 'Sam',
    lastname: 'Sub',
    email: 'sub@example.com',
    parsed_permissions: { order: false, services: true, billing, support: true },
    service_whitelist: null,
  },
});

describe('accountTabsFor', () => {
  it('gives owners every tab in the spec order', () => {
    expect(accountTabsFor(owner).map((tab) => tab.label)).toEqual([
      'Account Details',
      'Security',
      'Billing Info',
      'Add Funds',
      'API Tokens',
      'SSH Keys',
      'Sub-Accounts',
    ]);
  });

  it('keeps API Tokens, SSH Keys and Sub-Accounts from sub-accounts', () => {
    expect(accountTabsFor(subAccount(true)).map((tab) => tab.label)).toEqual([
      'Account Details',
      'Security',
      'Billing Info',
      'Add Funds',
    ]);
  });

  it('keeps Billing Info and Add Funds from sub-accounts without the billing permission', () => {
    expect(accountTabsFor(subAccount(false)).map((tab) => tab.label)).toEqual([
      'Account Details',
      'Security',
    ]);
  });
});

describe('accountTabAt', () => {
  const tabs = accountTabsFor(owner);
  it('finds the tab of a sub-path, with or without slashes', () => {
    expect(accountTabAt(tabs, '')?.key).toBe('details');
    expect(accountTabAt(tabs, 'security')?.key).toBe('security');
    expect(accountTabAt(tabs, 'addfunds')?.key).toBe('add-funds');
    expect(accountTabAt(tabs, '/ssh-keys/')?.key).toBe('ssh-keys');
    expect(accountTabAt(tabs, 'billinginfo')?.key).toBe('billing-info');
  });

  it('finds none for an unknown path or a tab the user does not see', () => {
    expect(accountTabAt(tabs, 'nope')).toBeUndefined();
    expect(accountTabAt(accountTabsFor(subAccount(true)), 'api-tokens')).toBeUndefined();
    expect(accountTabAt(accountTabsFor(subAccount(false)), 'billinginfo')).toBeUndefined();
    expect(accountTabAt(accountTabsFor(subAccount(false)), 'addfunds')).toBeUndefined();
  });
});
