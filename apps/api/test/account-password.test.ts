import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsersRepository } from '../src/modules/users/users.repository.ts';
import { verifyPassword } from '../src/lib/passwords.ts';
import { allPermissions, bearer, createUser, lastLink, loginToken, mailsTo } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { enableAuthenticator, enableEmailCodes, mailedCode, totpCode } from './support/two-factor.ts';

const NEW_PASSWORD = 'a-brand-new-passphrase';

describe('POST /api/user/change-password', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Many sign-ins from the one test address.
    t = await createTestApp({ LOGIN_LIMIT_PER_ADDRESS: '1000' });
  });
  afterAll(() => t.close());

  const change = (token: string | undefined, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      payload,
      headers: token ? bearer(token) : {},
    });
  const me = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode;
  const signIn = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password2: password } });
  const body = (current: string, extra: object = {}) => ({
    current_password: current,
    new_password: NEW_PASSWORD,
    new_password_confirmation: NEW_PASSWORD,
    ...extra,
  });
  const passwordIs = async (id: number, password: string) =>
    verifyPassword((await new UsersRepository(t.database.db).findById(id))!.passwordHash, password);

  it('changes the password, ends every other session of the login and keeps this one', async () => {
    const user = await createUser(t);
    const current = await loginToken(t.app, user.email, user.password);
    const other = await loginToken(t.app, user.email, user.password);
    const response = await change(current, body(user.password));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Your password has been changed. Other sessions have been signed out.',
    });
    expect(await me(other)).toBe(401);
    expect(await me(current)).toBe(200);
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('tells the login by mail that its password was changed on the account page', async () => {
    const user = await createUser(t);
    const token = await loginToken(t.app, user.email, user.password);
    const before = mailsTo(t, user.email).length;
    expect((await change(token, body(user.password))).statusCode).toBe(200);
    const mails = mailsTo(t, user.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toBe('Your password was changed');
    expect(mails.at(-1)!.text).toContain('on the account page');
    expect(mails.at(-1)!.text).toContain('Every other signed-in session has been signed out.');
  });

  it('mails nothing when the change is refused', async () => {
    const user = await createUser(t);
    const token = await loginToken(t.app, user.email, user.password);
    expect((await change(token, body('not-the-password'))).statusCode).toBe(422);
    expect(mailsTo(t, user.email).filter((mail) => mail.subject === 'Your password was changed')).toEqual([]);
  });

  it('voids a password reset link mailed before the change', async () => {
    const user = await createUser(t);
    const token = await loginToken(t.app, user.email, user.password);
    await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { email: user.email } });
    const link = lastLink(t, user.email, 'reset-password');
    expect((await change(token, body(user.password))).statusCode).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/reset-password/${link}`,
      payload: { password: 'yet-another-password' },
    });
    expect(reset.statusCode).toBe(422);
    expect(await passwordIs(user.id, NEW_PASSWORD)).toBe(true);
  });

  it('lets a sub-account change its own password, leaving its owner’s and the owner’s sessions alone', async () => {
    const owner = await createUser(t);
    const sub = await createUser(t, { parentId: owner.id, permissions: allPermissions });
    const ownerToken = await loginToken(t.app, owner.email, owner.password);
    const subToken = await loginToken(t.app, sub.email, sub.password);
    expect((await change(subToken, body(sub.password))).statusCode).toBe(200);
    expect(await passwordIs(sub.id, NEW_PASSWORD)).toBe(true);
    expect(await passwordIs(owner.id, owner.password)).toBe(true);
    expect(await me(ownerToken)).toBe(200);
  });

  it('refuses a wrong current password on its field, changes nothing, and answers 429 after five', async () => {
    const user = await createUser(t);
    const token = await loginToken(t.app, user.email, user.password);
    const other = await loginToken(t.app, user.email, user.password);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await change(token, body('not-the-password'));
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual({
        message: 'The current password is incorrect.',
        errors: { current_password: ['The current password is incorrect.'] },
      });
    }
    const blocked = await change(token, body(user.password));
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await passwordIs(user.id, user.password)).toBe(true);
    expect(await me(other)).toBe(200);
  });

  it('refuses bad input with 422 on the field, and changes nothing', async () => {
    const user = await createUser(t);
    const token = await loginToken(t.app, user.email, user.password);
    const cases: [object, string, string][] = [
      [{ current_password: '' }, 'current_password', 'Please enter your current password.'],
      [
        { new_password: 'short', new_password_confirmation: 'short' },
        'new_password',
        'Password must be at least 8 characters long.',
      ],
      [
        { new_password_confirmation: 'something-else' },
        'new_password_confirmation',
        'New passwords do not match.',
      ],
      [{ two_factor_code: '12ab56' }, 'two_factor_code', 'The code must be exactly 6 digits.'],
    ];
    for (const [override, field, message] of cases) {
      const response = await change(token, { ...body(user.password), ...override });
      expect(response.statusCode, JSON.stringify(override)).toBe(422);
      expect(response.json().errors[field], JSON.stringify(override)).toEqual([message]);
    }
    expect((await change(token, {})).json().errors).toHaveProperty('new_password');
    expect(await passwordIs(user.id, user.password)).toBe(true);
  });

  describe('with 2FA on', () => {
    it('needs a valid authenticator code, and takes it only once', async () => {
      const user = await createUser(t);
      const token = await loginToken(t.app, user.email, user.password);
      const { secret } = await enableAuthenticator(t, token);
      const missing = await change(token, body(user.password));
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual({
        two_factor_code: ['Enter the 6-digit code of your 2FA method.'],
      });
      const wrong = await change(token, body(user.password, { two_factor_code: '000000' }));
      expect(wrong.json().errors).toEqual({ two_factor_code: ['Invalid 2FA code.'] });
      expect(await passwordIs(user.id, user.password)).toBe(true);

      const code = await totpCode(secret);
      // A wrong password does not use the code up.
      expect((await change(token, body('wrong-password', { two_factor_code: code }))).statusCode).toBe(422);
      expect((await change(token, body(user.password, { two_factor_code: code }))).statusCode).toBe(200);
      const replay = await change(token, {
        ...body(NEW_PASSWORD, { two_factor_code: code }),
        new_password: 'third-password-here',
        new_password_confirmation: 'third-password-here',
      });
      expect(replay.json().errors).toEqual({ two_factor_code: ['Invalid 2FA code.'] });
      expect(await passwordIs(user.id, NEW_PASSWORD)).toBe(true);
    });

    it('takes a code mailed by POST 2fa/email-code for the e-mail method', async () => {
      const user = await createUser(t);
      const token = await loginToken(t.app, user.email, user.password);
      await enableEmailCodes(t, token, user.email);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/2fa/email-code', headers: bearer(token) }))
          .statusCode,
      ).toBe(200);
      const code = mailedCode(t, user.email);
      expect((await change(token, body(user.password, { two_factor_code: code }))).statusCode).toBe(200);
      expect(await passwordIs(user.id, NEW_PASSWORD)).toBe(true);
    });
  });

  it('answers 401 to a guest and to a signed-out session', async () => {
    const user = await createUser(t);
    const token = await loginToken(t.app, user.email, user.password);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect((await change(undefined, body(user.password))).statusCode).toBe(401);
    expect((await change(token, body(user.password))).statusCode).toBe(401);
    expect(await passwordIs(user.id, user.password)).toBe(true);
  });
});
