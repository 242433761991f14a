import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, mailsTo, uniqueEmail } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('POST /api/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress });

  it('signs in with e-mail and password and returns a working bearer token and the user', async () => {
    const user = await createUser(t, { firstname: 'Ada' });
    const response = await login({ email: user.email.toUpperCase(), password2: user.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^[\w-]{40,}$/);
    expect(body.user).toMatchObject({
      id: user.id,
      email: user.email,
      firstname: 'Ada',
      is_sub_account: false,
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(body.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
  });

  it('refuses a wrong password and an unknown e-mail with the same 401', async () => {
    const user = await createUser(t);
    const wrong = await login({ email: user.email, password2: 'not-the-password' });
    const unknown = await login({ email: uniqueEmail('nobody'), password2: 'whatever-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().errors.email).toEqual([wrong.json().message]);
  });

  it('answers missing fields with 422 and a message per field', async () => {
    const response = await login({});
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      email: ['The email field is required.'],
      password2: ['The password field is required.'],
    });
  });

  it('refuses a code that is neither six digits nor a recovery code', async () => {
    const user = await createUser(t);
    const response = await login({ email: user.email, password2: user.password, token: '12ab' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.token).toEqual(['The code must be exactly 6 digits, or a recovery code.']);
  });

  describe('with an authenticator app', () => {
    it('asks for the code first, then signs in with a valid code', async () => {
      const user = await createUser(t, { twoFactorMethod: 'google_authenticator', totpSecret: TOTP_SECRET });
      const first = await login({ email: user.email, password2: user.password });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ requires_2fa: true, method: 'google_authenticator' });
      expect(first.json()).not.toHaveProperty('token');

      const code = await generate({ secret: TOTP_SECRET });
      const second = await login({ email: user.email, password2: user.password, token: code });
      expect(second.statusCode).toBe(200);
      expect(second.json().user.id).toBe(user.id);
    });

    it('refuses a wrong code, and the same valid code a second time', async () => {
      const user = await createUser(t, { twoFactorMethod: 'google_authenticator', totpSecret: TOTP_SECRET });
      const wrong = await login({ email: user.email, password2: user.password, token: '000000' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({
        message: 'Invalid 2FA code.',
        errors: { token: ['Invalid 2FA code.'] },
      });

      const code = await generate({ secret: TOTP_SECRET });
      expect((await login({ email: user.email, password2: user.password, token: code })).statusCode).toBe(
        200,
      );
      const replay = await login({ email: user.email, password2: user.password, token: code });
      expect(replay.statusCode).toBe(401);
    });

    it('never accepts a code without the right password', async () => {
      const user = await createUser(t, { twoFactorMethod: 'google_authenticator', totpSecret: TOTP_SECRET });
      const code = await generate({ secret: TOTP_SECRET });
      const response = await login({ email: user.email, password2: 'wrong-password', token: code });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('These credentials do not match our records.');
    });
  });

  describe('with e-mailed codes', () => {
    it('mails a single-use code and signs in with it', async () => {
      const user = await createUser(t, { twoFactorMethod: 'email' });
      const first = await login({ email: user.email, password2: user.password });
      expect(first.json()).toMatchObject({ requires_2fa: true, method: 'email' });
      const code = mailsTo(t, user.email)
        .at(-1)
        ?.text.match(/code is (\d{6})/)?.[1];
      expect(code).toMatch(/^\d{6}$/);

      const second = await login({ email: user.email, password2: user.password, token: code });
      expect(second.statusCode).toBe(200);
      const again = await login({ email: user.email, password2: user.password, token: code });
      expect(again.statusCode).toBe(401);
    });

    it('invalidates an older code when a newer one is sent', async () => {
      const user = await createUser(t, { twoFactorMethod: 'email' });
      await login({ email: user.email, password2: user.password });
      const oldCode = mailsTo(t, user.email)
        .at(-1)
        ?.text.match(/code is (\d{6})/)?.[1];
      await login({ email: user.email, password2: user.password });
      const newCode = mailsTo(t, user.email)
        .at(-1)
        ?.text.match(/code is (\d{6})/)?.[1];
      if (oldCode !== newCode) {
        expect(
          (await login({ email: user.email, password2: user.password, token: oldCode })).statusCode,
        ).toBe(401);
      }
      expect((await login({ email: user.email, password2: user.password, token: newCode })).statusCode).toBe(
        200,
      );
    });
  });

  it('refuses a closed account with 403 account_closed and the message to show', async () => {
    const user = await createUser(t, { closedAt: new Date() });
    const response = await login({ email: user.email, password2: user.password });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'account_closed',
      message: 'This account has been closed. Please contact support.',
    });
  });

  it('signs a sub-account in as acting for its owner, with its own name and permissions', async () => {
    const owner = await createUser(t, { firstname: 'Olivia', lastname: 'Owner' });
    const sub = await createUser(t, {
      parentId: owner.id,
      firstname: 'Sam',
      lastname: 'Sub',
      permissions: { order: false, services: true, billing: false, support: true },
      serviceWhitelist: [3, 7],
    });
    const response = await login({ email: sub.email, password2: sub.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      id: owner.id,
      email: owner.email,
      firstname: 'Olivia',
      is_sub_account: true,
      sub_account: {
        id: sub.id,
        firstname: 'Sam',
        lastname: 'Sub',
        email: sub.email,
        parsed_permissions: { order: false, services: true, billing: false, support: true },
        service_whitelist: [3, 7],
      },
    });
  });

  describe('rate limits', () => {
    it('answers 429 with the spec text after five failures for one account from one address', async () => {
      const user = await createUser(t);
      for (let i = 0; i < 5; i += 1) {
        expect((await login({ email: user.email, password2: 'wrong-password' }, '10.0.0.5')).statusCode).toBe(
          401,
        );
      }
      const blocked = await login({ email: user.email, password2: user.password }, '10.0.0.5');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: 'Too many attempts, please try again later.' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('does not lock the real user out from another address', async () => {
      const user = await createUser(t);
      for (let i = 0; i < 6; i += 1)
        await login({ email: user.email, password2: 'wrong-password' }, '10.0.0.6');
      const elsewhere = await login({ email: user.email, password2: user.password }, '10.0.0.7');
      expect(elsewhere.statusCode).toBe(200);
    });

    it('limits one address trying many accounts', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i += 1) {
        statuses.push(
          (await login({ email: uniqueEmail('spray'), password2: 'guess-password' }, '10.0.0.8')).statusCode,
        );
      }
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
    });
  });
});
