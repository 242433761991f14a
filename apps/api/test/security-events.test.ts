import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents } from '../src/db/schema/index.ts';
import { SecurityEventsRepository } from '../src/modules/security-events/security-events.repository.ts';
import { bearer, createUser, lastLink, loginToken, subAccountBody, uniqueEmail } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { enableAuthenticator, totpCode } from './support/two-factor.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const NEW_PASSWORD = 'a-brand-new-passphrase';

/**
 * The account's security log (issue 19): sign-ins, failed sign-ins, 2FA changes, password changes,
 * API tokens created and sub-account changes, each with where it came from; nothing for what was
 * refused before it changed anything; and the database refuses to change the log.
 */
describe('security events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_LIMIT_PER_ADDRESS: '1000', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const from = { 'user-agent': BROWSER, 'x-forwarded-for': '203.0.113.24' };
  const call = (
    token: string | undefined,
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...from, ...(token ? bearer(token) : {}) },
      ...(payload ? { payload } : {}),
    });
  const signIn = (email: string, password: string, token?: string) =>
    call(undefined, 'POST', '/login', { email, password2: password, ...(token ? { token } : {}) });
  /** The account's log, oldest first, as the rows hold it. */
  const log = async (accountId: number) =>
    (await new SecurityEventsRepository(t.database.db).latest(accountId, 100)).reverse();
  const kinds = async (accountId: number) => (await log(accountId)).map((event) => event.kind);

  it('records a sign-in, and a failed one of a known login, with its address and browser', async () => {
    const owner = await createUser(t);
    expect((await signIn(owner.email, 'not-the-password')).statusCode).toBe(401);
    expect((await signIn(owner.email, owner.password)).statusCode).toBe(200);
    const [failed, signedIn] = await log(owner.id);
    expect(failed).toMatchObject({
      kind: 'sign_in_failed',
      loginId: owner.id,
      detail: { failed: 'password' },
      ipAddress: '203.0.113.24',
      userAgent: BROWSER,
    });
    expect(signedIn).toMatchObject({ kind: 'sign_in', loginId: owner.id, detail: { two_factor: 'none' } });
  });

  it('writes nothing for an address no login has', async () => {
    const events = () => t.database.db.select({ total: count() }).from(securityEvents);
    const before = await events();
    expect((await signIn(uniqueEmail('nobody'), 'whatever-password')).statusCode).toBe(401);
    expect(await events()).toEqual(before);
  });

  it('records 2FA turned on, a wrong sign-in code, recovery codes replaced and 2FA turned off', async () => {
    const owner = await createUser(t);
    const session = await loginToken(t.app, owner.email, owner.password);
    const { secret } = await enableAuthenticator(t, session);
    expect((await signIn(owner.email, owner.password, '000000')).statusCode).toBe(401);
    const replaced = await call(session, 'POST', '/2fa/recovery-codes', { code: await totpCode(secret) });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const off = await call(session, 'POST', '/2fa', {
      method: 'none',
      current_code: await totpCode(secret, 1),
    });
    expect(off.statusCode, off.body).toBe(200);
    const events = (await log(owner.id)).filter((event) => event.kind !== 'sign_in');
    expect(events.map(({ kind, detail }) => ({ kind, detail }))).toEqual([
      { kind: 'two_factor_changed', detail: { from: 'none', to: 'google_authenticator' } },
      { kind: 'sign_in_failed', detail: { failed: 'two_factor_code' } },
      { kind: 'two_factor_changed', detail: { recovery_codes: 'replaced' } },
      { kind: 'two_factor_changed', detail: { from: 'google_authenticator', to: 'none' } },
    ]);
  });

  it('records a password changed on the account page and by a reset link, not a refused change', async () => {
    const owner = await createUser(t);
    const session = await loginToken(t.app, owner.email, owner.password);
    const change = (current: string) =>
      call(session, 'POST', '/user/change-password', {
        current_password: current,
        new_password: NEW_PASSWORD,
        new_password_confirmation: NEW_PASSWORD,
      });
    expect((await change('a-wrong-password')).statusCode).toBe(422);
    expect((await change(owner.password)).statusCode).toBe(200);
    await call(undefined, 'POST', '/reset-password', { email: owner.email });
    const reset = await call(
      undefined,
      'POST',
      `/reset-password/${lastLink(t, owner.email, 'reset-password')}`,
      {
        password: 'yet-another-password',
      },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    const changes = (await log(owner.id)).filter((event) => event.kind === 'password_changed');
    expect(changes.map((event) => event.detail)).toEqual([{ via: 'account' }, { via: 'reset' }]);
    expect(changes.every((event) => event.ipAddress === '203.0.113.24')).toBe(true);
  });

  it("records an API token created and each change to a sub-account, in the owner's log", async () => {
    const owner = await createUser(t);
    const session = await loginToken(t.app, owner.email, owner.password);
    const token = await call(session, 'POST', '/api-tokens', { description: 'Backups', scope: 'read' });
    expect(token.statusCode, token.body).toBe(201);
    const subAccount = subAccountBody();
    const created = await call(session, 'POST', '/sub-accounts', subAccount);
    expect(created.statusCode, created.body).toBe(201);
    const subId = created.json().sub_account.id;
    const updated = await call(session, 'PUT', `/sub-accounts/${subId}`, {
      ...subAccount,
      password: 'another-sub-password',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await call(session, 'DELETE', `/sub-accounts/${subId}`)).statusCode).toBe(200);
    expect((await call(session, 'DELETE', `/sub-accounts/${subId}`)).statusCode).toBe(404);

    const events = (await log(owner.id)).filter((event) => event.kind !== 'sign_in');
    expect(events.map(({ kind, loginId, detail }) => ({ kind, loginId, detail }))).toEqual([
      {
        kind: 'api_token_created',
        loginId: owner.id,
        detail: { token_id: token.json().api_token.id, description: 'Backups', scope: 'read' },
      },
      {
        kind: 'sub_account_changed',
        loginId: owner.id,
        detail: { sub_account_id: subId, change: 'created', email: subAccount.email },
      },
      {
        kind: 'sub_account_changed',
        loginId: owner.id,
        detail: { sub_account_id: subId, change: 'updated', email: subAccount.email, password_changed: true },
      },
      {
        kind: 'sub_account_changed',
        loginId: owner.id,
        detail: { sub_account_id: subId, change: 'deleted' },
      },
    ]);
  });

  it("puts a sub-account's sign-ins in its owner's log", async () => {
    const owner = await createUser(t);
    const sub = await createUser(t, { parentId: owner.id });
    expect((await signIn(sub.email, sub.password)).statusCode).toBe(200);
    expect(await log(owner.id)).toEqual([expect.objectContaining({ kind: 'sign_in', loginId: sub.id })]);
    expect(await kinds(sub.id)).toEqual([]);
  });

  it('cannot be changed, deleted or emptied', async () => {
    const owner = await createUser(t);
    await loginToken(t.app, owner.email, owner.password);
    const statements = [
      sql`update security_events set ip_address = '198.51.100.1' where account_id = ${owner.id}`,
      sql`delete from security_events where account_id = ${owner.id}`,
      sql`truncate security_events`,
    ];
    for (const statement of statements) {
      // The driver's error is wrapped in the query's; the database's own words are its cause.
      const refused = await t.database.db.execute(statement).then(
        () => 'carried out',
        (error: Error) => String(error.cause ?? error),
      );
      expect(refused).toMatch(/security_events is append-only/);
    }
    expect(await kinds(owner.id)).toEqual(['sign_in']);
  });
});
