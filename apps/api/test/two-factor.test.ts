import { RECOVERY_CODE_PATTERN } from '@rackdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes, users } from '../src/db/schema/index.ts';
import { UsersRepository } from '../src/modules/users/users.repository.ts';
import { allPermissions, bearer, createUser, loginToken, mailsTo } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import {
  enableAuthenticator,
  enableEmailCodes,
  letTotpStepPass,
  mailedCode,
  totpCode,
} from './support/two-factor.ts';

describe('two-factor authentication settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Many sign-ins from the one test address.
    t = await createTestApp({ LOGIN_LIMIT_PER_ADDRESS: '1000' });
  });
  afterAll(() => t.close());

  const call = (token: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload && { payload }),
    });
  const status = async (token: string) => (await call(token, 'GET', '/2fa')).json();
  const signIn = (user: { email: string; password: string }, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password2: user.password, ...(token && { token }) },
    });
  const storedUser = (id: number) => new UsersRepository(t.database.db).findById(id);

  async function owner() {
    const user = await createUser(t);
    return { user, token: await loginToken(t.app, user.email, user.password) };
  }

  it('starts with 2FA off', async () => {
    const { token } = await owner();
    const response = await call(token, 'GET', '/2fa');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ method: 'none', pending_method: null, recovery_codes_left: 0 });
  });

  describe('with an authenticator app', () => {
    it('shows a QR code and the secret, keeps the method until a code confirms it, then answers ten recovery codes', async () => {
      const { user, token } = await owner();
      const chosen = await call(token, 'POST', '/2fa', { method: 'google_authenticator' });
      expect(chosen.statusCode).toBe(200);
      const { secret, qr_code, message } = chosen.json();
      expect(message).toBe(
        'Scan the QR code with your authenticator app, then enter the 6-digit code it shows.',
      );
      expect(qr_code).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      expect(await status(token)).toEqual({
        method: 'none',
        pending_method: 'google_authenticator',
        recovery_codes_left: 0,
      });
      // Until confirmed, sign-in is as before.
      expect((await signIn(user)).json()).toHaveProperty('token');

      const wrong = await call(token, 'POST', '/2fa/confirm', { code: '000000' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual({ message: 'Invalid 2FA code.', errors: { code: ['Invalid 2FA code.'] } });

      const confirmed = await call(token, 'POST', '/2fa/confirm', { code: await totpCode(secret) });
      expect(confirmed.statusCode).toBe(200);
      const body = confirmed.json();
      expect(body).toMatchObject({
        message: 'Two-factor authentication is on.',
        method: 'google_authenticator',
      });
      expect(body.recovery_codes).toHaveLength(10);
      expect(new Set(body.recovery_codes).size).toBe(10);
      for (const code of body.recovery_codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
      expect(await status(token)).toEqual({
        method: 'google_authenticator',
        pending_method: null,
        recovery_codes_left: 10,
      });
      expect((await signIn(user)).json()).toMatchObject({
        requires_2fa: true,
        method: 'google_authenticator',
      });
    });

    it('stores the recovery codes only as digests', async () => {
      const { user, token } = await owner();
      const { recoveryCodes: codes } = await enableAuthenticator(t, token);
      const rows = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
      expect(rows).toHaveLength(10);
      const stored = JSON.stringify(rows);
      for (const code of codes) {
        expect(stored).not.toContain(code);
        expect(stored).not.toContain(code.replace('-', ''));
      }
    });

    it('does not take the code that confirmed it a second time, at sign-in', async () => {
      const { user, token } = await owner();
      const { secret } = (await call(token, 'POST', '/2fa', { method: 'google_authenticator' })).json();
      const code = await totpCode(secret);
      expect((await call(token, 'POST', '/2fa/confirm', { code })).statusCode).toBe(200);
      expect((await signIn(user, code)).statusCode).toBe(401);
      expect((await signIn(user, await totpCode(secret, 1))).statusCode).toBe(200);
    });

    it('replaces a pending choice with a newer one: the older secret’s codes no longer confirm', async () => {
      const { token } = await owner();
      const first = (await call(token, 'POST', '/2fa', { method: 'google_authenticator' })).json().secret;
      const second = (await call(token, 'POST', '/2fa', { method: 'google_authenticator' })).json().secret;
      expect(second).not.toBe(first);
      const stale = await call(token, 'POST', '/2fa/confirm', { code: await totpCode(first) });
      expect(stale.statusCode).toBe(422);
      expect((await call(token, 'POST', '/2fa/confirm', { code: await totpCode(second) })).statusCode).toBe(
        200,
      );
    });

    it('lets a pending choice lapse after ten minutes', async () => {
      const { user, token } = await owner();
      const { secret } = (await call(token, 'POST', '/2fa', { method: 'google_authenticator' })).json();
      const stored = await storedUser(user.id);
      const inTenMinutes = Date.now() + 10 * 60_000;
      expect(stored?.pendingTwoFactorExpiresAt?.getTime()).toBeGreaterThan(inTenMinutes - 5_000);
      expect(stored?.pendingTwoFactorExpiresAt?.getTime()).toBeLessThanOrEqual(inTenMinutes);
      await t.database.db
        .update(users)
        .set({ pendingTwoFactorExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(users.id, user.id));
      expect((await status(token)).pending_method).toBeNull();
      const late = await call(token, 'POST', '/2fa/confirm', { code: await totpCode(secret) });
      expect(late.statusCode).toBe(422);
      expect(late.json().errors.code).toEqual(['There is no 2FA change to confirm. Choose a method first.']);
      expect((await storedUser(user.id))?.twoFactorMethod).toBe('none');
    });

    it('turns 2FA off only with a code of the current method, and deletes the recovery codes', async () => {
      const { user, token } = await owner();
      const { secret } = await enableAuthenticator(t, token);
      const missing = await call(token, 'POST', '/2fa', { method: 'none' });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors.current_code).toEqual([
        'Enter the code of your current 2FA method to change it.',
      ]);
      const wrong = await call(token, 'POST', '/2fa', { method: 'none', current_code: '000000' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.current_code).toEqual(['Invalid 2FA code.']);
      expect((await status(token)).method).toBe('google_authenticator');

      const off = await call(token, 'POST', '/2fa', { method: 'none', current_code: await totpCode(secret) });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toEqual({ message: 'Two-factor authentication is off.' });
      expect(await status(token)).toEqual({ method: 'none', pending_method: null, recovery_codes_left: 0 });
      expect(
        await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id)),
      ).toEqual([]);
      expect((await storedUser(user.id))?.totpSecret).toBeNull();
      expect((await signIn(user)).json()).toHaveProperty('token');
    });

    it('does not take the same authenticator code twice for a change', async () => {
      const { token } = await owner();
      const { secret } = await enableAuthenticator(t, token);
      const code = await totpCode(secret);
      expect((await call(token, 'POST', '/2fa', { method: 'email', current_code: code })).statusCode).toBe(
        200,
      );
      const replay = await call(token, 'POST', '/2fa', { method: 'email', current_code: code });
      expect(replay.statusCode).toBe(422);
      expect(replay.json().errors.current_code).toEqual(['Invalid 2FA code.']);
    });

    it('leaves a lost authenticator with a recovery code, which is then used up', async () => {
      const { user, token } = await owner();
      const { recoveryCodes: codes } = await enableAuthenticator(t, token);
      const off = await call(token, 'POST', '/2fa', {
        method: 'email',
        current_code: codes[0]!.toUpperCase(),
      });
      expect(off.statusCode).toBe(200);
      expect(
        mailsTo(t, user.email).some((mail) => mail.subject === 'A recovery code was used on your account'),
      ).toBe(true);
      expect((await status(token)).recovery_codes_left).toBe(9);
      const again = await call(token, 'POST', '/2fa', { method: 'none', current_code: codes[0] });
      expect(again.statusCode).toBe(422);
    });
  });

  describe('with e-mailed codes', () => {
    it('mails a code to confirm the choice, and answers ten recovery codes', async () => {
      const { user, token } = await owner();
      const chosen = await call(token, 'POST', '/2fa', { method: 'email' });
      expect(chosen.statusCode).toBe(200);
      expect(chosen.json()).toEqual({ message: 'We sent a 6-digit code to your e-mail address.' });
      expect(await status(token)).toMatchObject({ method: 'none', pending_method: 'email' });
      const code = mailedCode(t, user.email);
      const confirmed = await call(token, 'POST', '/2fa/confirm', { code });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ method: 'email', recovery_codes: expect.any(Array) });
      expect((await call(token, 'POST', '/2fa/confirm', { code })).statusCode).toBe(422);
      expect((await signIn(user)).json()).toMatchObject({ requires_2fa: true, method: 'email' });
    });

    it('mails a fresh code on request, which voids the older one', async () => {
      const { user, token } = await owner();
      await call(token, 'POST', '/2fa', { method: 'email' });
      const older = mailedCode(t, user.email);
      const resent = await call(token, 'POST', '/2fa/email-code');
      expect(resent.statusCode).toBe(200);
      expect(resent.json()).toEqual({ message: 'We sent a 6-digit code to your e-mail address.' });
      const newer = mailedCode(t, user.email);
      if (older !== newer) {
        expect((await call(token, 'POST', '/2fa/confirm', { code: older })).statusCode).toBe(422);
      }
      expect((await call(token, 'POST', '/2fa/confirm', { code: newer })).statusCode).toBe(200);
    });

    it('proves the e-mail method with a mailed code before moving to an authenticator, keeping the recovery codes', async () => {
      const { user, token } = await owner();
      const codes = await enableEmailCodes(t, token, user.email);
      const missing = await call(token, 'POST', '/2fa', { method: 'google_authenticator' });
      expect(missing.json().errors.current_code).toEqual([
        'Enter the code of your current 2FA method to change it.',
      ]);
      expect((await call(token, 'POST', '/2fa/email-code')).statusCode).toBe(200);
      const chosen = await call(token, 'POST', '/2fa', {
        method: 'google_authenticator',
        current_code: mailedCode(t, user.email),
      });
      expect(chosen.statusCode).toBe(200);
      expect(await status(token)).toMatchObject({ method: 'email', pending_method: 'google_authenticator' });
      const confirmed = await call(token, 'POST', '/2fa/confirm', {
        code: await totpCode(chosen.json().secret),
      });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toEqual({
        message: 'Two-factor authentication is on.',
        method: 'google_authenticator',
      });
      expect(await status(token)).toEqual({
        method: 'google_authenticator',
        pending_method: null,
        recovery_codes_left: 10,
      });
      // The set made for the e-mail method still signs in.
      expect((await signIn(user, codes[1])).statusCode).toBe(200);
    });

    it('has no e-mailed code to send while neither the method nor the choice is e-mail', async () => {
      const { token } = await owner();
      const response = await call(token, 'POST', '/2fa/email-code');
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'Your 2FA method does not use e-mailed codes.' });
    });

    it('limits how many codes one login can have mailed', async () => {
      const { token } = await owner();
      await call(token, 'POST', '/2fa', { method: 'email' });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await call(token, 'POST', '/2fa/email-code')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
    });
  });

  describe('recovery codes', () => {
    it('are replaced by a new set after a code of the current method; the old set stops working', async () => {
      const { user, token } = await owner();
      const { secret, recoveryCodes: old } = await enableAuthenticator(t, token);
      const missing = await call(token, 'POST', '/2fa/recovery-codes', {});
      expect(missing.statusCode).toBe(422);
      expect(Object.keys(missing.json().errors)).toEqual(['code']);
      const wrong = await call(token, 'POST', '/2fa/recovery-codes', { code: '000000' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.code).toEqual(['Invalid 2FA code.']);

      const response = await call(token, 'POST', '/2fa/recovery-codes', { code: await totpCode(secret) });
      expect(response.statusCode).toBe(200);
      const fresh: string[] = response.json().recovery_codes;
      expect(fresh).toHaveLength(10);
      expect(fresh.some((code) => old.includes(code))).toBe(false);
      expect((await signIn(user, old[0])).statusCode).toBe(401);
      expect((await signIn(user, fresh[0])).statusCode).toBe(200);
    });

    it('cannot be made while 2FA is off', async () => {
      const { token } = await owner();
      const response = await call(token, 'POST', '/2fa/recovery-codes', { code: '123456' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'Turn on two-factor authentication first.' });
    });
  });

  it('refuses bad input with 422 on the field, and changes nothing', async () => {
    const { user, token } = await owner();
    const cases: [string, object, string, string][] = [
      ['/2fa', {}, 'method', 'Please select a 2FA method.'],
      ['/2fa', { method: 'sms' }, 'method', 'Please select a 2FA method.'],
      ['/2fa', { method: 'none' }, 'method', 'You are already using this 2FA method.'],
      [
        '/2fa',
        { method: 'email', current_code: '12' },
        'current_code',
        'The code must be exactly 6 digits, or a recovery code.',
      ],
      ['/2fa/confirm', { code: 'abcdef' }, 'code', 'The code must be exactly 6 digits.'],
      [
        '/2fa/confirm',
        { code: '123456' },
        'code',
        'There is no 2FA change to confirm. Choose a method first.',
      ],
      ['/2fa/recovery-codes', { code: 1234567 }, 'code', 'The code must be exactly 6 digits.'],
      ['/2fa/recovery-codes', {}, 'code', 'The code must be exactly 6 digits.'],
      ['/2fa/confirm', {}, 'code', 'The code must be exactly 6 digits.'],
    ];
    for (const [url, payload, field, message] of cases) {
      const response = await call(token, 'POST', url, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(422);
      expect(response.json().errors[field], `${url} ${JSON.stringify(payload)}`).toEqual([message]);
    }
    expect(await storedUser(user.id)).toMatchObject({
      twoFactorMethod: 'none',
      pendingTwoFactorMethod: null,
    });
  });

  it('counts wrong codes per login and answers 429 after five', async () => {
    const { token } = await owner();
    const { secret } = await enableAuthenticator(t, token);
    for (let i = 0; i < 5; i += 1) {
      expect((await call(token, 'POST', '/2fa', { method: 'none', current_code: '000000' })).statusCode).toBe(
        422,
      );
    }
    const blocked = await call(token, 'POST', '/2fa', {
      method: 'none',
      current_code: await totpCode(secret),
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too many attempts, please try again later.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('gives a sub-account 2FA of its own, apart from its owner’s', async () => {
    const { user: parent, token: ownerToken } = await owner();
    const sub = await createUser(t, {
      parentId: parent.id,
      permissions: { ...allPermissions, services: false },
    });
    const subToken = await loginToken(t.app, sub.email, sub.password);
    const { secret } = await enableAuthenticator(t, subToken);
    expect((await status(subToken)).method).toBe('google_authenticator');
    expect((await status(ownerToken)).method).toBe('none');
    expect((await signIn(sub)).json()).toMatchObject({ requires_2fa: true });
    expect((await signIn(parent)).json()).toHaveProperty('token');
    await letTotpStepPass(t, sub.id);
    expect((await signIn(sub, await totpCode(secret))).statusCode).toBe(200);
  });

  it('answers 401 to a guest and to a signed-out session on every call', async () => {
    const { token } = await owner();
    await call(token, 'POST', '/logout');
    const calls: ['GET' | 'POST', string, object?][] = [
      ['GET', '/2fa'],
      ['POST', '/2fa', { method: 'google_authenticator' }],
      ['POST', '/2fa/confirm', { code: '123456' }],
      ['POST', '/2fa/email-code'],
      ['POST', '/2fa/recovery-codes', { code: '123456' }],
    ];
    for (const caller of [undefined, token]) {
      for (const [method, url, payload] of calls) {
        expect((await call(caller, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      }
    }
  });
});
