import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountCaller, accountCallers, accountCallerTokens } from './support/account-callers.ts';
import { bearer, createUser, loginToken } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

type Expected = Record<AccountCaller, { status: number; error?: string }>;

const token = { status: 403, error: 'session_required' };
const signedOut = { status: 401 };
const subAccount = { status: 403, error: 'main_account_only' };
const subs = ['subAll', 'subNone', 'subOrder', 'subServices', 'subBilling', 'subSupport'] as const;

/**
 * A call for signed-in sessions, owners and sub-accounts alike: each acts on its own login, so
 * every session gets `ok`; every API token is refused.
 */
function sessionRoute(ok: number): Expected {
  const byCaller = { guest: signedOut, owner: { status: ok }, otherOwner: { status: ok } } as Expected;
  for (const sub of subs) byCaller[sub] = { status: ok };
  return {
    ...byCaller,
    readToken: token,
    fullToken: token,
    expiredToken: signedOut,
    revokedToken: signedOut,
    revokedSession: signedOut,
  };
}

/** Like sessionRoute, for the owner only. */
function ownerSessionRoute(ok: number): Expected {
  const byCaller = sessionRoute(ok);
  for (const sub of subs) byCaller[sub] = subAccount;
  return byCaller;
}

/**
 * Every call of the account API × every kind of caller (support/account-callers.ts). The bodies
 * pass the contract and get past the policy without changing anything that later rows need: a
 * wrong current password (422), the method already in use (422), nothing to confirm (422), no
 * e-mail method (409), 2FA off (409).
 */
describe('the account API, call by call, for every kind of caller', () => {
  let t: TestApp;
  let tokens: Map<AccountCaller, string | undefined>;
  /** A session of owner A that no caller uses: the one `DELETE sessions/{id}` aims at. */
  let spareSessionId: number;

  beforeAll(async () => {
    // Many sign-ins from the one test address.
    t = await createTestApp({ LOGIN_LIMIT_PER_ADDRESS: '1000' });
    const a = await createUser(t);
    const b = await createUser(t);
    tokens = await accountCallerTokens(t, { a, b });
    const spare = await loginToken(t.app, a.email, a.password);
    const listed = await t.app.inject({ method: 'GET', url: '/api/sessions', headers: bearer(spare) });
    spareSessionId = listed.json().sessions.find((s: { current: boolean }) => s.current).id;
  });
  afterAll(() => t.close());

  const details = {
    firstname: 'Dana',
    lastname: 'Demo',
    companyname: '',
    address1: '100 Demo Street',
    address2: '',
    city: 'New York',
    state: 'NY',
    postcode: '10001',
    country: 'US',
    phonenumber: '212-555-0100',
  };
  const wrongPassword = {
    current_password: 'not-the-password',
    new_password: 'a-new-passphrase',
    new_password_confirmation: 'a-new-passphrase',
  };

  const rows: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', () => string, object | undefined, Expected][] = [
    [
      'PUT user/edit',
      'PUT',
      () => '/api/user/edit',
      details,
      {
        ...ownerSessionRoute(200),
        readToken: { status: 403, error: 'read_only_token' },
        fullToken: { status: 200 },
      },
    ],
    [
      'POST user/change-password',
      'POST',
      () => '/api/user/change-password',
      wrongPassword,
      sessionRoute(422),
    ],
    [
      'POST user/close',
      'POST',
      () => '/api/user/close',
      { password: 'not-the-password' },
      ownerSessionRoute(422),
    ],
    ['GET sessions', 'GET', () => '/api/sessions', undefined, sessionRoute(200)],
    [
      'DELETE sessions/{a spare session of owner A}',
      'DELETE',
      () => `/api/sessions/${spareSessionId}`,
      undefined,
      { ...sessionRoute(404), owner: { status: 200 } },
    ],
    ['GET 2fa', 'GET', () => '/api/2fa', undefined, sessionRoute(200)],
    ['POST 2fa', 'POST', () => '/api/2fa', { method: 'none' }, sessionRoute(422)],
    ['POST 2fa/confirm', 'POST', () => '/api/2fa/confirm', { code: '123456' }, sessionRoute(422)],
    ['POST 2fa/email-code', 'POST', () => '/api/2fa/email-code', undefined, sessionRoute(409)],
    [
      'POST 2fa/recovery-codes',
      'POST',
      () => '/api/2fa/recovery-codes',
      { code: '123456' },
      sessionRoute(409),
    ],
    [
      'POST sessions/revoke-others',
      'POST',
      () => '/api/sessions/revoke-others',
      undefined,
      sessionRoute(200),
    ],
  ];

  describe.each(rows)('%s', (_name, method, url, payload, expected) => {
    it.each(accountCallers)('as %s', async (caller) => {
      const bearerToken = tokens.get(caller);
      const response = await t.app.inject({
        method,
        url: url(),
        headers: bearerToken ? bearer(bearerToken) : {},
        ...(payload && { payload }),
      });
      const { status, error } = expected[caller];
      expect(response.statusCode, response.body).toBe(status);
      if (error) expect(response.json().error).toBe(error);
    });
  });
});
