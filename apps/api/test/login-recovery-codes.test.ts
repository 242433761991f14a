import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginToken, mailsTo } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { enableAuthenticator, enableEmailCodes, totpCode } from './support/two-factor.ts';

describe('POST /api/login with a recovery code', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Many sign-ins from the one test address.
    t = await createTestApp({ LOGIN_LIMIT_PER_ADDRESS: '1000' });
  });
  afterAll(() => t.close());

  const login = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload });

  async function withAuthenticator() {
    const user = await createUser(t);
    const token = await loginToken(t.app, user.email, user.password);
    return { user, ...(await enableAuthenticator(t, token)) };
  }

  it('signs in with a recovery code instead of the code, answering as a code would', async () => {
    const { user, secret, recoveryCodes } = await withAuthenticator();
    const withCode = await login({
      email: user.email,
      password2: user.password,
      token: await totpCode(secret),
    });
    const withRecovery = await login({
      email: user.email,
      password2: user.password,
      token: ` ${recoveryCodes[3]!.toUpperCase()} `,
    });
    expect(withRecovery.statusCode).toBe(200);
    // Nothing in the answer tells which kind of code was used.
    expect(Object.keys(withRecovery.json()).sort()).toEqual(Object.keys(withCode.json()).sort());
    expect(withRecovery.json().user).toEqual(withCode.json().user);
  });

  it('mails the account that a recovery code was used and how many are left', async () => {
    const { user, recoveryCodes } = await withAuthenticator();
    await login({ email: user.email, password2: user.password, token: recoveryCodes[0] });
    await login({ email: user.email, password2: user.password, token: recoveryCodes[1] });
    const notices = mailsTo(t, user.email).filter(
      (mail) => mail.subject === 'A recovery code was used on your account',
    );
    expect(notices).toHaveLength(2);
    expect(notices[0]!.text).toContain('You have 9 unused recovery codes left.');
    expect(notices[1]!.text).toContain('You have 8 unused recovery codes left.');
  });

  it('refuses a used recovery code the next time, as a wrong code, and counts it as a failure', async () => {
    const { user, recoveryCodes } = await withAuthenticator();
    const code = recoveryCodes[0]!;
    expect((await login({ email: user.email, password2: user.password, token: code })).statusCode).toBe(200);
    const replay = await login({ email: user.email, password2: user.password, token: code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: 'Invalid 2FA code.', errors: { token: ['Invalid 2FA code.'] } });
    for (let i = 0; i < 4; i += 1) {
      expect((await login({ email: user.email, password2: user.password, token: code })).statusCode).toBe(
        401,
      );
    }
    const blocked = await login({ email: user.email, password2: user.password, token: recoveryCodes[1] });
    expect(blocked.statusCode).toBe(429);
  });

  it('works with e-mailed codes too, without a mailed code first', async () => {
    const user = await createUser(t);
    const token = await loginToken(t.app, user.email, user.password);
    const codes = await enableEmailCodes(t, token, user.email);
    const response = await login({ email: user.email, password2: user.password, token: codes[0] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty('token');
  });

  it('refuses another account’s recovery code, and never takes one without the password', async () => {
    const a = await withAuthenticator();
    const b = await withAuthenticator();
    const foreign = await login({
      email: a.user.email,
      password2: a.user.password,
      token: b.recoveryCodes[0],
    });
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json().message).toBe('Invalid 2FA code.');
    const noPassword = await login({
      email: a.user.email,
      password2: 'wrong-password',
      token: a.recoveryCodes[0],
    });
    expect(noPassword.json().message).toBe('These credentials do not match our records.');
    // Neither attempt used the code up.
    expect(
      (await login({ email: a.user.email, password2: a.user.password, token: a.recoveryCodes[0] }))
        .statusCode,
    ).toBe(200);
  });
});
