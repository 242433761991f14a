import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema/index.ts';
import { allPermissions, bearer, createUser } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('the signed-in sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Many sign-ins from the one test address.
    t = await createTestApp({ LOGIN_LIMIT_PER_ADDRESS: '1000' });
  });
  afterAll(() => t.close());

  /** Signs in from a browser and an address, and returns the token and the session's id. */
  async function signIn(user: { email: string; password: string }, userAgent = FIREFOX, ip = '198.51.100.7') {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password2: user.password },
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
    });
    const token: string = response.json().token;
    const list = await t.app.inject({ method: 'GET', url: '/api/sessions', headers: bearer(token) });
    const id: number = list.json().sessions.find((s: { current: boolean }) => s.current).id;
    return { token, id };
  }
  const list = (token?: string) =>
    t.app.inject({ method: 'GET', url: '/api/sessions', headers: token ? bearer(token) : {} });
  const revoke = (token: string | undefined, id: number | string) =>
    t.app.inject({ method: 'DELETE', url: `/api/sessions/${id}`, headers: token ? bearer(token) : {} });
  const revokeOthers = (token?: string) =>
    t.app.inject({ method: 'POST', url: '/api/sessions/revoke-others', headers: token ? bearer(token) : {} });
  const me = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode;
  const setLastUse = (id: number, minutesAgo: number) =>
    t.database.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - ${`${minutesAgo} minutes`}::interval` })
      .where(eq(sessions.id, id));

  it('lists the caller’s live sessions, most recently used first, with browser, system and address', async () => {
    const user = await createUser(t);
    const phone = await signIn(user, ANDROID, '203.0.113.9');
    const tablet = await signIn(user);
    const laptop = await signIn(user, FIREFOX, '198.51.100.7');
    const ended = await signIn(user);
    const expired = await signIn(user);
    await revoke(ended.token, ended.id);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.id, expired.id));
    await setLastUse(phone.id, 5);
    await setLastUse(tablet.id, 30);

    const response = await list(laptop.token);
    expect(response.statusCode).toBe(200);
    const listed = response.json().sessions;
    expect(listed).toEqual([
      expect.objectContaining({ id: laptop.id, browser: 'Firefox 132', os: 'Linux', current: true }),
      {
        id: phone.id,
        browser: 'Chrome 131',
        os: 'Android 14',
        ip_address: '203.0.113.9',
        created_at: expect.any(String),
        last_used_at: expect.any(String),
        current: false,
      },
      expect.objectContaining({ id: tablet.id, current: false }),
    ]);
    expect(listed[0].ip_address).toBe('198.51.100.7');
    const lastUses = listed.map((s: { last_used_at: string }) => Date.parse(s.last_used_at));
    expect(lastUses).toEqual([...lastUses].sort((x, y) => y - x));
  });

  it('shows each login only its own: neither another owner’s nor a sub-account’s sessions', async () => {
    const owner = await createUser(t);
    const sub = await createUser(t, { parentId: owner.id, permissions: allPermissions });
    const other = await createUser(t);
    const ownerSession = await signIn(owner);
    const subSession = await signIn(sub);
    await signIn(other);
    const ids = (token: string) =>
      list(token).then((r) => r.json().sessions.map((s: { id: number }) => s.id));
    expect(await ids(ownerSession.token)).toEqual([ownerSession.id]);
    expect(await ids(subSession.token)).toEqual([subSession.id]);
  });

  it('ends one of the caller’s other sessions: its next call is 401', async () => {
    const user = await createUser(t);
    const kept = await signIn(user);
    const gone = await signIn(user);
    const response = await revoke(kept.token, gone.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'The session has been signed out.' });
    expect(await me(gone.token)).toBe(401);
    expect(await me(kept.token)).toBe(200);
    expect((await revoke(kept.token, gone.id)).statusCode).toBe(404);
  });

  it('ends the current session too, which signs it out', async () => {
    const user = await createUser(t);
    const session = await signIn(user);
    expect((await revoke(session.token, session.id)).statusCode).toBe(200);
    expect(await me(session.token)).toBe(401);
  });

  it('answers 404 for another login’s session and leaves it alone', async () => {
    const owner = await createUser(t);
    const sub = await createUser(t, { parentId: owner.id, permissions: allPermissions });
    const other = await createUser(t);
    const ownerSession = await signIn(owner);
    const subSession = await signIn(sub);
    const otherSession = await signIn(other);
    for (const [token, id] of [
      [ownerSession.token, otherSession.id],
      [ownerSession.token, subSession.id],
      [subSession.token, ownerSession.id],
      [ownerSession.token, 2_000_000_000],
    ] as const) {
      const response = await revoke(token, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'The session was not found.' });
    }
    expect(await me(otherSession.token)).toBe(200);
    expect(await me(subSession.token)).toBe(200);
    expect(await me(ownerSession.token)).toBe(200);
  });

  it('refuses an id that is not one with 422', async () => {
    const session = await signIn(await createUser(t));
    for (const id of ['abc', '0', '-1', '1e3', '99999999999']) {
      const response = await revoke(session.token, id);
      expect(response.statusCode, id).toBe(422);
      expect(response.json().errors.id, id).toEqual(['The session was not found.']);
    }
  });

  it('signs out everywhere else and keeps the current session', async () => {
    const user = await createUser(t);
    const sub = await createUser(t, { parentId: user.id, permissions: allPermissions });
    const current = await signIn(user);
    const second = await signIn(user);
    const third = await signIn(user);
    const subSession = await signIn(sub);
    const response = await revokeOthers(current.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Every other session has been signed out.' });
    expect(await me(second.token)).toBe(401);
    expect(await me(third.token)).toBe(401);
    expect(await me(current.token)).toBe(200);
    // The sub-account signs in on its own: the owner's sign-out leaves it be.
    expect(await me(subSession.token)).toBe(200);
    expect((await list(current.token)).json().sessions).toHaveLength(1);
  });

  it('answers 401 to a guest and to an ended session on every call', async () => {
    const session = await signIn(await createUser(t));
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(session.token) });
    for (const token of [undefined, session.token]) {
      expect((await list(token)).statusCode).toBe(401);
      expect((await revoke(token, session.id)).statusCode).toBe(401);
      expect((await revokeOthers(token)).statusCode).toBe(401);
    }
  });
});
