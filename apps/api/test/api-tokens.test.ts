import {
  API_TOKEN_LIMIT,
  apiTokenCreateResponseSchema,
  apiTokenListResponseSchema,
} from '@rackdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, serviceCancellations } from '../src/db/schema/index.ts';
import { sha256 } from '../src/lib/tokens.ts';
import { UsersRepository } from '../src/modules/users/users.repository.ts';
import {
  type AccountCaller,
  accountCallers,
  accountCallerTokens,
  createApiToken,
  expireApiToken,
  ownerSessionRoute,
} from './support/account-callers.ts';
import { bearer, createService, createUser, loginToken } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * API tokens (portal spec §3, §5, §7; API.md): the owner's calls to manage them, who may make
 * them, and the tokens at work as bearer tokens acting as the owner.
 */
describe('API tokens', () => {
  let t: TestApp;
  let ownerA: Awaited<ReturnType<typeof createUser>>;
  let session: string;
  let tokens: Map<AccountCaller, string | undefined>;

  const api = (token: string | undefined, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
  const list = async (token = session) => {
    const response = await api(token, 'GET', '/api-tokens');
    expect(response.statusCode, response.body).toBe(200);
    return apiTokenListResponseSchema.parse(response.json()).tokens;
  };
  const rowsOf = (userId: number) =>
    t.database.db.select().from(apiTokens).where(eq(apiTokens.userId, userId));

  beforeAll(async () => {
    t = await createTestApp();
    ownerA = await createUser(t);
    const ownerB = await createUser(t);
    session = await loginToken(t.app, ownerA.email, ownerA.password);
    tokens = await accountCallerTokens(t, { a: ownerA, b: ownerB });
  });
  afterAll(() => t.close());

  it('creates a token shown once, stores only its hash, lists it newest first and deletes it', async () => {
    const owner = await createUser(t);
    const mine = await loginToken(t.app, owner.email, owner.password);
    const expiry = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const created = await api(mine, 'POST', '/api-tokens', {
      description: '  Backup script ',
      scope: 'read',
      expires_at: expiry,
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = apiTokenCreateResponseSchema.parse(created.json());
    expect(body.message).toBe('The API token has been created. Copy it now: it is not shown again.');
    expect(body.token).toMatch(/^rdk_[\w-]{43}$/);
    expect(body.api_token).toEqual({
      id: expect.any(Number),
      description: 'Backup script',
      scope: 'read',
      created_at: expect.any(String),
      expires_at: expiry,
      last_used_at: null,
      last_used_ip: null,
    });

    const [row] = await rowsOf(owner.id);
    expect(row!.tokenHash).toBe(sha256(body.token));
    expect(JSON.stringify(row)).not.toContain(body.token.slice(4));
    // Shown once: the list never carries the token.
    expect(JSON.stringify(await list(mine))).not.toContain(body.token.slice(4));

    const second = await createApiToken(t.app, mine, { description: 'Deploys' });
    expect((await list(mine)).map((token) => [token.description, token.scope, token.expires_at])).toEqual([
      ['Deploys', 'full', null],
      ['Backup script', 'read', expiry],
    ]);

    const deleted = await api(mine, 'DELETE', `/api-tokens/${second.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: 'The API token has been deleted.' });
    expect((await list(mine)).map((token) => token.description)).toEqual(['Backup script']);
    expect((await api(mine, 'DELETE', `/api-tokens/${second.id}`)).statusCode).toBe(404);
    // It stops working at once.
    expect((await api(second.token, 'GET', '/user')).statusCode).toBe(401);
  });

  describe('who may manage tokens', () => {
    const expected = {
      list: ownerSessionRoute(200),
      create: ownerSessionRoute(201),
      delete: ownerSessionRoute(200, 404),
    };

    it.each(accountCallers)('GET api-tokens as %s', async (caller) => {
      const response = await api(tokens.get(caller), 'GET', '/api-tokens');
      const { status, error } = expected.list[caller];
      expect(response.statusCode, response.body).toBe(status);
      if (error) expect(response.json().error).toBe(error);
      if (caller === 'owner') expect(response.json().tokens.length).toBeGreaterThan(0);
      // Another owner sees only their own tokens: none.
      if (caller === 'otherOwner') expect(response.json().tokens).toEqual([]);
    });

    it.each(accountCallers)('POST api-tokens as %s', async (caller) => {
      const before = (await rowsOf(ownerA.id)).length;
      const response = await api(tokens.get(caller), 'POST', '/api-tokens', { description: `By ${caller}` });
      const { status, error } = expected.create[caller];
      expect(response.statusCode, response.body).toBe(status);
      if (error) expect(response.json().error).toBe(error);
      expect((await rowsOf(ownerA.id)).length).toBe(before + (caller === 'owner' ? 1 : 0));
    });

    it.each(accountCallers)('DELETE api-tokens/{id} as %s', async (caller) => {
      const target = await createApiToken(t.app, session, { description: `Target of ${caller}` });
      const response = await api(tokens.get(caller), 'DELETE', `/api-tokens/${target.id}`);
      const { status, error } = expected.delete[caller];
      expect(response.statusCode, response.body).toBe(status);
      if (error) expect(response.json().error).toBe(error);
      const stillWorks = (await api(target.token, 'GET', '/user')).statusCode === 200;
      expect(stillWorks).toBe(caller !== 'owner');
    });

    it('tells a token why it is refused, in words', async () => {
      const response = await api(tokens.get('fullToken'), 'POST', '/api-tokens', { description: 'x' });
      expect(response.json()).toEqual({
        error: 'session_required',
        message: 'This can only be done from a signed-in session, not with an API token.',
      });
    });
  });

  describe('validation', () => {
    const future = () => new Date(Date.now() + 86_400_000).toISOString();
    const cases: { name: string; body: object; field: string; message: string }[] = [
      { name: 'no description', body: {}, field: 'description', message: 'Description is required' },
      {
        name: 'a blank description',
        body: { description: '   ' },
        field: 'description',
        message: 'Description is required',
      },
      {
        name: 'a description that is not text',
        body: { description: 42 },
        field: 'description',
        message: 'Description is required',
      },
      {
        name: 'a description over 255 characters',
        body: { description: 'x'.repeat(256) },
        field: 'description',
        message: 'The description may not be greater than 255 characters.',
      },
      {
        name: 'a description on two lines',
        body: { description: 'one\ntwo' },
        field: 'description',
        message: 'The text must fit on one line.',
      },
      {
        name: 'an unknown scope',
        body: { description: 'Script', scope: 'admin' },
        field: 'scope',
        message: 'The scope must be read or full.',
      },
      {
        name: 'an expiry that is not a date',
        body: { description: 'Script', expires_at: 'next week' },
        field: 'expires_at',
        message: 'The expiry must be a date and time.',
      },
      {
        name: 'an expiry without a time zone',
        body: { description: 'Script', expires_at: future().replace('Z', '') },
        field: 'expires_at',
        message: 'The expiry must be a date and time.',
      },
      {
        name: 'an expiry in the past',
        body: { description: 'Script', expires_at: new Date(Date.now() - 60_000).toISOString() },
        field: 'expires_at',
        message: 'The expiry date must be in the future.',
      },
    ];

    it.each(cases)(
      'refuses $name with a 422 on the field, creating nothing',
      async ({ body, field, message }) => {
        const before = (await rowsOf(ownerA.id)).length;
        const response = await api(session, 'POST', '/api-tokens', body);
        expect(response.statusCode, response.body).toBe(422);
        expect(response.json().errors[field]).toEqual([message]);
        expect(response.json().message).toBe(message);
        expect((await rowsOf(ownerA.id)).length).toBe(before);
      },
    );

    it('refuses an id that is not one', async () => {
      const response = await api(session, 'DELETE', '/api-tokens/abc');
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.id).toEqual(['The API token was not found.']);
    });
  });

  it(`holds at most ${API_TOKEN_LIMIT} live tokens per account; expired and deleted ones do not count`, async () => {
    const owner = await createUser(t);
    const mine = await loginToken(t.app, owner.email, owner.password);
    const expired = await createApiToken(t.app, mine, { description: 'Old' });
    await expireApiToken(t, expired.id);
    const deleted = await createApiToken(t.app, mine, { description: 'Gone' });
    await api(mine, 'DELETE', `/api-tokens/${deleted.id}`);
    await t.database.db.insert(apiTokens).values(
      Array.from({ length: API_TOKEN_LIMIT - 1 }, (_, i) => ({
        userId: owner.id,
        description: `Script ${i}`,
        tokenHash: sha256(`limit-${owner.id}-${i}`),
      })),
    );
    const last = await api(mine, 'POST', '/api-tokens', { description: 'The fiftieth' });
    expect(last.statusCode, last.body).toBe(201);
    const refused = await api(mine, 'POST', '/api-tokens', { description: 'One too many' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `An account can have at most ${API_TOKEN_LIMIT} API tokens. Delete one you no longer use first.`,
    );
    await api(mine, 'DELETE', `/api-tokens/${last.json().api_token.id}`);
    expect((await api(mine, 'POST', '/api-tokens', { description: 'In its place' })).statusCode).toBe(201);
  });

  describe('authentication with a token', () => {
    it('acts as the owner: GET user is the owner, and a full token changes what the owner may', async () => {
      const full = tokens.get('fullToken')!;
      const me = await api(full, 'GET', '/user');
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ id: ownerA.id, email: ownerA.email, is_sub_account: false });

      const service = await createService(t, ownerA.id);
      const cancel = await api(full, 'POST', `/services/${service.id}/cancel`, {
        reason: 'Moving elsewhere',
        type: 'Immediate',
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      const [pending] = await t.database.db
        .select()
        .from(serviceCancellations)
        .where(eq(serviceCancellations.serviceId, service.id));
      expect(pending).toMatchObject({ status: 'pending', requestedBy: ownerA.id });
      expect((await api(full, 'DELETE', `/services/${service.id}/cancel`)).statusCode).toBe(200);
    });

    it('refuses unknown, expired and deleted tokens with 401, like an unknown session', async () => {
      const unknown = `rdk_${'A'.repeat(43)}`;
      for (const token of [unknown, tokens.get('expiredToken')!, tokens.get('revokedToken')!]) {
        const response = await api(token, 'GET', '/user');
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: 'Unauthenticated.' });
      }
    });

    it('is refused on every call for signed-in sessions, signing out included', async () => {
      for (const caller of ['readToken', 'fullToken'] as const) {
        const response = await api(tokens.get(caller), 'POST', '/logout');
        expect(response.statusCode).toBe(403);
        expect(response.json().error).toBe('session_required');
      }
      expect((await api(tokens.get('fullToken'), 'GET', '/user')).statusCode).toBe(200);
    });

    it('stops with its account: a closed account’s token gets 403 account_closed', async () => {
      const owner = await createUser(t);
      const { token } = await createApiToken(t.app, await loginToken(t.app, owner.email, owner.password));
      await new UsersRepository(t.database.db).update(owner.id, { closedAt: new Date() });
      const response = await api(token, 'GET', '/user');
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('account_closed');
    });

    it('records the last use, with its address, at most once a minute', async () => {
      const owner = await createUser(t);
      const mine = await loginToken(t.app, owner.email, owner.password);
      const { token, id } = await createApiToken(t.app, mine);
      const use = (remoteAddress: string) =>
        t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token), remoteAddress });
      const usage = async () => (await list(mine)).find((row) => row.id === id)!;

      expect(await usage()).toMatchObject({ last_used_at: null, last_used_ip: null });
      await use('192.0.2.10');
      const first = await usage();
      expect(first.last_used_ip).toBe('192.0.2.10');
      expect(Date.now() - Date.parse(first.last_used_at!)).toBeLessThan(60_000);

      // Within the minute: no write.
      await use('192.0.2.20');
      expect(await usage()).toEqual(first);

      // A minute on, the next use is recorded.
      const earlier = new Date(Date.now() - 2 * 60_000);
      await t.database.db.update(apiTokens).set({ lastUsedAt: earlier }).where(eq(apiTokens.id, id));
      await use('192.0.2.30');
      const later = await usage();
      expect(later.last_used_ip).toBe('192.0.2.30');
      expect(Date.parse(later.last_used_at!)).toBeGreaterThan(earlier.getTime());
    });

    it('never takes a session token for an API token, nor the other way round', async () => {
      const owner = await createUser(t);
      const mine = await loginToken(t.app, owner.email, owner.password);
      expect(mine.startsWith('rdk_') && mine.length === 47).toBe(false);
      const { token } = await createApiToken(t.app, mine);
      // The API token's hash is not a session's, and the session's not a token's.
      expect((await api(token.slice(4), 'GET', '/user')).statusCode).toBe(401);
      expect((await api(`rdk_${mine}`, 'GET', '/user')).statusCode).toBe(401);
    });
  });
});
