import {
  invoiceDetailSchema,
  serviceDetailResponseSchema,
  serviceListResponseSchema,
  ticketDetailSchema,
  userSchema,
} from '@rackdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiTokens, sessions, users } from '../src/db/schema/index.ts';
import { sha256 } from '../src/lib/tokens.ts';
import { ApiTokensRepository } from '../src/modules/api-tokens/api-tokens.repository.ts';
import { SessionsRepository } from '../src/modules/auth/sessions.repository.ts';
import { allPermissions, bearer, createService, createUser, loginToken } from './support/fixtures.ts';
import { createInvoice } from './support/invoices.ts';
import { openTicket } from './support/tickets.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The caller of every request comes from one prepared lookup (session or API token, login and
 * owner), and answers are written by the compiled serialiser in production: what both must keep.
 */
describe('hot reads', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The production way of writing answers, with no check by zod: the answers must still be exact.
    t = await createTestApp({ RESPONSE_SERIALIZER: 'compiled' });
  });
  afterAll(() => t.close());

  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const lastUse = async (id: number) =>
    (await t.database.db.select().from(sessions).where(eq(sessions.id, id)))[0]!.lastUsedAt;
  const sessionOf = async (userId: number) =>
    (await t.database.db.select().from(sessions).where(eq(sessions.userId, userId)))[0]!;

  it('ends a session at once when it expires or is revoked in the database', async () => {
    const user = await createUser(t);
    const expiring = await loginToken(t.app, user.email, user.password);
    const revoked = await loginToken(t.app, user.email, user.password);
    expect((await get(expiring, '/api/user')).statusCode).toBe(200);
    expect((await get(revoked, '/api/user')).statusCode).toBe(200);
    const [first, second] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(sessions.id);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, first!.id));
    await t.database.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.id, second!.id));
    expect((await get(expiring, '/api/user')).statusCode).toBe(401);
    expect((await get(revoked, '/api/user')).statusCode).toBe(401);
  });

  it('reads a sub-account and its owner afresh on every request', async () => {
    const owner = await createUser(t, { firstname: 'Olive' });
    const [listed, unlisted] = [await createService(t, owner.id), await createService(t, owner.id)];
    const sub = await createUser(t, {
      parentId: owner.id,
      permissions: allPermissions,
      serviceWhitelist: [listed.id, unlisted.id],
    });
    const token = await loginToken(t.app, sub.email, sub.password);
    expect((await get(token, `/api/services/${unlisted.id}`)).statusCode).toBe(200);

    await t.database.db
      .update(users)
      .set({ serviceWhitelist: [listed.id], permissions: { ...allPermissions, billing: false } })
      .where(eq(users.id, sub.id));
    await t.database.db.update(users).set({ firstname: 'Olivia' }).where(eq(users.id, owner.id));
    const me = (await get(token, '/api/user')).json();
    expect(me.firstname).toBe('Olivia');
    expect(me.id).toBe(owner.id);
    expect(me.sub_account).toMatchObject({
      id: sub.id,
      service_whitelist: [listed.id],
      parsed_permissions: { ...allPermissions, billing: false },
    });
    expect((await get(token, `/api/services/${unlisted.id}`)).json().error).toBe('service_access_denied');
    expect((await get(token, '/api/invoices')).json().error).toBe('permission_required');
    expect((await get(token, `/api/services/${listed.id}`)).statusCode).toBe(200);

    await t.database.db.update(users).set({ closedAt: new Date() }).where(eq(users.id, sub.id));
    expect((await get(token, '/api/user')).json().error).toBe('account_closed');
  });

  it('reads the caller’s rows exactly as a plain select of them does', async () => {
    const owner = await createUser(t, { closedAt: null, phonenumber: '+1 212 555 0100', creditCents: 1234 });
    const sub = await createUser(t, {
      parentId: owner.id,
      permissions: allPermissions,
      serviceWhitelist: [3, 1],
      emailNotifications: {
        generalemails: 1,
        invoiceemails: 0,
        productemails: 0,
        supportemails: 1,
        domainemails: 0,
      },
      pendingTwoFactorExpiresAt: new Date('2030-01-02T03:04:05.678Z'),
    });
    await loginToken(t.app, sub.email, sub.password);
    const token = await loginToken(t.app, sub.email, sub.password);
    const caller = await new SessionsRepository(t.database.db).findCallerByTokenHash(sha256(token));
    const rowOf = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
    expect(caller?.login).toEqual(await rowOf(sub.id));
    expect(caller?.owner).toEqual(await rowOf(owner.id));
    const ownerToken = await loginToken(t.app, owner.email, owner.password);
    const ownCaller = await new SessionsRepository(t.database.db).findCallerByTokenHash(sha256(ownerToken));
    expect(ownCaller?.login).toEqual(await rowOf(owner.id));
    expect(ownCaller?.owner).toBeNull();
  });

  it('notes a session’s last use at most once a minute', async () => {
    const user = await createUser(t);
    const token = await loginToken(t.app, user.email, user.password);
    const session = await sessionOf(user.id);
    await t.database.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '30 seconds'` })
      .where(eq(sessions.id, session.id));
    const recent = await lastUse(session.id);
    await get(token, '/api/user');
    expect(await lastUse(session.id)).toEqual(recent);

    await t.database.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '5 minutes'` })
      .where(eq(sessions.id, session.id));
    const stale = await lastUse(session.id);
    await get(token, '/api/user');
    expect((await lastUse(session.id)).getTime()).toBeGreaterThan(stale.getTime() + 4 * 60_000);
  });

  it('looks up API tokens afresh: revoked, expired, and a sub-account’s never authenticate', async () => {
    const owner = await createUser(t);
    const session = await loginToken(t.app, owner.email, owner.password);
    const create = async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/api-tokens',
        headers: bearer(session),
        payload: { description: 'Script' },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().token as string;
    };
    const [revoked, expired, moved] = [await create(), await create(), await create()];
    for (const token of [revoked, expired, moved])
      expect((await get(token, '/api/user')).statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.userId, owner.id))
      .orderBy(apiTokens.id);
    expect(rows[0]!.lastUsedAt).not.toBeNull();
    const found = await new ApiTokensRepository(t.database.db).findLiveByTokenHash(sha256(revoked));
    expect(found?.user).toEqual((await t.database.db.select().from(users).where(eq(users.id, owner.id)))[0]);
    const sub = await createUser(t, { parentId: owner.id, permissions: allPermissions });
    await t.database.db
      .update(apiTokens)
      .set({ revokedAt: sql`now()` })
      .where(eq(apiTokens.id, rows[0]!.id));
    await t.database.db
      .update(apiTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(apiTokens.id, rows[1]!.id));
    await t.database.db.update(apiTokens).set({ userId: sub.id }).where(eq(apiTokens.id, rows[2]!.id));
    for (const token of [revoked, expired, moved])
      expect((await get(token, '/api/user')).statusCode).toBe(401);
  });

  it('answers many requests of one session at once', async () => {
    const user = await createUser(t);
    const token = await loginToken(t.app, user.email, user.password);
    const answers = await Promise.all(Array.from({ length: 30 }, () => get(token, '/api/user')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
  });

  it('writes the main answers exactly as zod encodes them, with the compiled serialiser', async () => {
    const owner = await createUser(t, { firstname: 'Ada', companyname: 'Ada & "Co" <ltd>' });
    const service = await createService(t, owner.id, { domain: 'ünïcode.example' });
    const invoiceId = await createInvoice(t, owner.id, { serviceId: service.id });
    const token = await loginToken(t.app, owner.email, owner.password);
    const tid = await openTicket(t, token, { serviceid: service.id, message: 'Line one\nLine "two"' });
    const sub = await createUser(t, { parentId: owner.id, permissions: allPermissions });
    const subToken = await loginToken(t.app, sub.email, sub.password);
    const reads: [string, string, z.ZodType][] = [
      [token, '/api/user', userSchema],
      [subToken, '/api/user', userSchema],
      [token, '/api/services', serviceListResponseSchema],
      [token, `/api/services/${service.id}`, serviceDetailResponseSchema],
      [token, `/api/invoices/${invoiceId}`, invoiceDetailSchema],
      [token, `/api/support/${tid}`, ticketDetailSchema],
    ];
    for (const [caller, url, schema] of reads) {
      const response = await get(caller, url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expect(response.body, url).toBe(JSON.stringify(z.encode(schema, schema.parse(response.json()))));
    }
    expect((await get(token, `/api/services/${service.id}`)).json().billing.invoice_id).toBe(invoiceId);
  });
});
