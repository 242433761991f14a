import { describe, expect, it } from 'vitest';
import { accountTabAt, accountTabsFor } from './account-tabs.ts';

describe('accountTabsFor', () => {
  it('gives owners every tab in the spec order', () => {
    expect(accountTabsFor({ is_sub_account: false }).map((tab) => tab.label)).toEqual([
      'Account Details',
      'Security',
      'API Tokens',
      'SSH Keys',
      'Sub-Accounts',
    ]);
  });

  it('keeps API Tokens, SSH Keys and Sub-Accounts from sub-accounts', () => {
    expect(accountTabsFor({ is_sub_account: true }).map((tab) => tab.label)).toEqual([
      'Account Details',
      'Security',
    ]);
  });
});

describe('accountTabAt', () => {
  const tabs = accountTabsFor({ is_sub_account: false });
  it('finds the tab of a sub-path, with or without slashes', () => {
    expect(accountTabAt(tabs, '')?.key).toBe('details');
    expect(accountTabAt(tabs, 'security')?.key).toBe('security');
    expect(accountTabAt(tabs, '/ssh-keys/')?.key).toBe('ssh-keys');
  });

  it('finds none for an unknown path or a tab the user does not see', () => {
    expect(accountTabAt(tabs, 'nope')).toBeUndefined();
    expect(accountTabAt(accountTabsFor({ is_sub_account: true }), 'api-tokens')).toBeUndefined();
  });
});
