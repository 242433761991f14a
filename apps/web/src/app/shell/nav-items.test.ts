import type { User } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import { navItemsFor } from './nav-items.ts';

const owner = {
  id: 1,
  email: 'owner@example.com',
  is_sub_account: false,
  sub_account: null,
} as User;

const subAccount = (permissions: Partial<Record<'order' | 'services' | 'billing' | 'support', boolean>>) =>
  ({
    ...owner,
    is_sub_account: true,
    sub_account: {
      id: 2,
      firstname: 'Sam',
      lastname: 'Sub',
      email: 'sub@example.com',
      parsed_permissions: { order: false, services: false, billing: false, support: false, ...permissions },
      service_whitelist: null,
    },
  }) as User;

const labels = (user: User | null) => navItemsFor(user).map((item) => item.label);

describe('navItemsFor', () => {
  it('gives guests Login, Order and Contact', () => {
    expect(labels(null)).toEqual(['Login', 'Order', 'Contact']);
    expect(navItemsFor(null).find((item) => item.label === 'Contact')?.to).toBe('/support/new');
  });

  it('gives owners every entry', () => {
    expect(labels(owner)).toEqual([
      'Dashboard',
      'Order',
      'Services',
      'Invoices',
      'Account',
      'Support',
      'Logout',
    ]);
  });

  it('always gives sub-accounts Dashboard, Account and Logout, the rest by permission', () => {
    expect(labels(subAccount({}))).toEqual(['Dashboard', 'Account', 'Logout']);
    expect(labels(subAccount({ services: true, support: true }))).toEqual([
      'Dashboard',
      'Services',
      'Account',
      'Support',
      'Logout',
    ]);
    expect(labels(subAccount({ order: true, billing: true }))).toEqual([
      'Dashboard',
      'Order',
      'Invoices',
      'Account',
      'Logout',
    ]);
  });
});
