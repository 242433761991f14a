import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/demo.ts';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password2: password, ...(token ? { token } : {}) },
    });

  it('creates the demo accounts once; a second run changes nothing', async () => {
    expect(await seedDemo(t.app.ctx)).toBe(true);
    expect(await seedDemo(t.app.ctx)).toBe(false);
    const users = await t.database.db.query.users.findMany();
    expect(users.map((u) => u.email).sort()).toEqual(
      [demoAccounts.owner, demoAccounts.subAccount, demoAccounts.unverified, demoAccounts.twoFactor]
        .map((a) => a.email)
        .sort(),
    );
  });

  it('lets each demo account sign in as API.md describes', async () => {
    const owner = (await login(demoAccounts.owner.email, demoAccounts.owner.password)).json();
    expect(owner.user).toMatchObject({ email_verified: true, is_sub_account: false, credit: '25.00' });

    const sub = (await login(demoAccounts.subAccount.email, demoAccounts.subAccount.password)).json();
    expect(sub.user).toMatchObject({
      email: demoAccounts.owner.email,
      is_sub_account: true,
      sub_account: {
        email: demoAccounts.subAccount.email,
        parsed_permissions: { order: false, services: true, billing: false, support: true },
      },
    });

    const unverified = (await login(demoAccounts.unverified.email, demoAccounts.unverified.password)).json();
    expect(unverified.user.email_verified).toBe(false);

    const twoFactor = (await login(demoAccounts.twoFactor.email, demoAccounts.twoFactor.password)).json();
    expect(twoFactor).toMatchObject({ requires_2fa: true, method: 'google_authenticator' });
  });
});
