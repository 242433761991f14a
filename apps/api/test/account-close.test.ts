import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, invoices, services } from '../src/db/schema/index.ts';
import { sha256 } from '../src/lib/tokens.ts';
import { UsersRepository } from '../src/modules/users/users.repository.ts';
import { allPermissions, bearer, createService, createUser, loginToken } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { enableAuthenticator, totpCode } from './support/two-factor.ts';

describe('POST /api/user/close', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Many sign-ins from the one test address.
    t = await createTestApp({ LOGIN_LIMIT_PER_ADDRESS: '1000' });
  });
  afterAll(() => t.close());

  const close = (token: string | undefined, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/user/close', payload, headers: token ? bearer(token) : {} });
  const me = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode;
  const signIn = (user: { email: string; password: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password2: user.password },
    });
  const isClosed = async (id: number) =>
    (await new UsersRepository(t.database.db).findById(id))?.closedAt !== null;

  /** An owner with a sub-account, a service, an invoice and an API token. */
  async function account() {
    const owner = await createUser(t);
    const sub = await createUser(t, { parentId: owner.id, permissions: allPermissions });
    const service = await createService(t, owner.id);
    await t.database.db.insert(invoices).values({
      userId: owner.id,
      date: '2030-01-01',
      dueDate: '2030-02-01',
      status: 'Unpaid',
      totalCents: 1000,
    });
    const [token] = await t.database.db
      .insert(apiTokens)
      .values({ userId: owner.id, description: 'Backups', tokenHash: sha256(`api-token-${owner.id}`) })
      .returning();
    return { owner, sub, service, apiTokenId: token!.id };
  }

  it('closes the account: every session of it and its sub-accounts ends, sign-in says account_closed', async () => {
    const { owner, sub, service, apiTokenId } = await account();
    const ownerToken = await loginToken(t.app, owner.email, owner.password);
    const otherOwnerSession = await loginToken(t.app, owner.email, owner.password);
    const subToken = await loginToken(t.app, sub.email, sub.password);
    const bystander = await createUser(t);
    const bystanderToken = await loginToken(t.app, bystander.email, bystander.password);

    const response = await close(ownerToken, { password: owner.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your account has been closed.' });
    expect(await isClosed(owner.id)).toBe(true);
    for (const token of [ownerToken, otherOwnerSession, subToken]) expect(await me(token)).toBe(401);
    for (const user of [owner, sub]) {
      const refused = await signIn(user);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: 'account_closed',
        message: 'This account has been closed. Please contact support.',
      });
    }
    const [token] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, apiTokenId));
    expect(token?.revokedAt).toBeInstanceOf(Date);
    // Services and invoices stay.
    expect(await t.database.db.select().from(services).where(eq(services.id, service.id))).toHaveLength(1);
    expect(await t.database.db.select().from(invoices).where(eq(invoices.userId, owner.id))).toHaveLength(1);
    expect(await me(bystanderToken)).toBe(200);
  });

  it('refuses a wrong password on its field, closes nothing, and answers 429 after five', async () => {
    const { owner, apiTokenId } = await account();
    const token = await loginToken(t.app, owner.email, owner.password);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await close(token, { password: 'not-the-password' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual({
        message: 'The current password is incorrect.',
        errors: { password: ['The current password is incorrect.'] },
      });
    }
    expect((await close(token, { password: owner.password })).statusCode).toBe(429);
    expect(await isClosed(owner.id)).toBe(false);
    expect(await me(token)).toBe(200);
    const [apiToken] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, apiTokenId));
    expect(apiToken?.revokedAt).toBeNull();
  });

  it('needs a valid 2FA code when 2FA is on', async () => {
    const owner = await createUser(t);
    const token = await loginToken(t.app, owner.email, owner.password);
    const { secret } = await enableAuthenticator(t, token);
    const missing = await close(token, { password: owner.password });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      two_factor_code: ['Enter the 6-digit code of your 2FA method.'],
    });
    const wrong = await close(token, { password: owner.password, two_factor_code: '000000' });
    expect(wrong.json().errors).toEqual({ two_factor_code: ['Invalid 2FA code.'] });
    expect(await isClosed(owner.id)).toBe(false);
    const closed = await close(token, { password: owner.password, two_factor_code: await totpCode(secret) });
    expect(closed.statusCode).toBe(200);
    expect(await isClosed(owner.id)).toBe(true);
  });

  it('refuses a sub-account with 403 main_account_only and closes nothing', async () => {
    const { owner, sub } = await account();
    const subToken = await loginToken(t.app, sub.email, sub.password);
    const response = await close(subToken, { password: sub.password });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('main_account_only');
    expect(await isClosed(owner.id)).toBe(false);
    expect(await isClosed(sub.id)).toBe(false);
    expect(await me(subToken)).toBe(200);
  });

  it('refuses bad input with 422 on the field, and closes nothing', async () => {
    const owner = await createUser(t);
    const token = await loginToken(t.app, owner.email, owner.password);
    const cases: [object, string, string][] = [
      [{}, 'password', 'Please enter your password.'],
      [{ password: '' }, 'password', 'Please enter your password.'],
      [
        { password: owner.password, two_factor_code: '1234567' },
        'two_factor_code',
        'The code must be exactly 6 digits.',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await close(token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors[field], JSON.stringify(payload)).toEqual([message]);
    }
    expect(await isClosed(owner.id)).toBe(false);
  });

  it('answers 401 to a guest and to a signed-out session', async () => {
    const owner = await createUser(t);
    const token = await loginToken(t.app, owner.email, owner.password);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect((await close(undefined, { password: owner.password })).statusCode).toBe(401);
    expect((await close(token, { password: owner.password })).statusCode).toBe(401);
    expect(await isClosed(owner.id)).toBe(false);
  });
});
