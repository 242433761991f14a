import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsersRepository } from '../src/modules/users/users.repository.ts';
import { bearer, createUser, loginToken } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const me = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/user', headers });

  it('answers GET user with 401 without a token or with an unknown one', async () => {
    expect((await me()).statusCode).toBe(401);
    expect((await me(bearer('not-a-real-token'))).statusCode).toBe(401);
    expect((await me({ authorization: 'Basic abc' })).statusCode).toBe(401);
  });

  it('ignores a token sent as a cookie: only the Authorization header authenticates', async () => {
    const user = await createUser(t);
    const token = await loginToken(t.app, user.email, user.password);
    expect((await me({ cookie: `token=${token}` })).statusCode).toBe(401);
  });

  it('logout revokes the session it was called with, and only that one', async () => {
    const user = await createUser(t);
    const first = await loginToken(t.app, user.email, user.password);
    const second = await loginToken(t.app, user.email, user.password);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(first) });
    expect(out.statusCode).toBe(200);
    expect((await me(bearer(first))).statusCode).toBe(401);
    expect((await me(bearer(second))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(401);
  });

  it('answers 403 account_closed once the account is closed, so the client logs out', async () => {
    const user = await createUser(t);
    const token = await loginToken(t.app, user.email, user.password);
    await new UsersRepository(t.database.db).update(user.id, { closedAt: new Date() });
    const response = await me(bearer(token));
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('account_closed');
  });

  it('closes a sub-account’s access when its owner is closed', async () => {
    const owner = await createUser(t);
    const sub = await createUser(t, {
      parentId: owner.id,
      permissions: { order: true, services: true, billing: true, support: true },
    });
    const token = await loginToken(t.app, sub.email, sub.password);
    await new UsersRepository(t.database.db).update(owner.id, { closedAt: new Date() });
    expect((await me(bearer(token))).json().error).toBe('account_closed');
  });

  it('never stores the bearer token itself', async () => {
    const user = await createUser(t);
    const token = await loginToken(t.app, user.email, user.password);
    const rows = await t.database.db.query.sessions.findMany();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
  });
});
