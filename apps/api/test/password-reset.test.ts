import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, lastLink, loginToken, mailsTo, uniqueEmail } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const request = (email: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { email }, remoteAddress });
  const reset = (token: string, password: string, confirmation = password) =>
    t.app.inject({
      method: 'POST',
      url: `/api/reset-password/${token}`,
      payload: { password, password_confirmation: confirmation },
    });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password2: password } });

  it('mails a reset link; the link sets a new password once and ends the old sessions', async () => {
    const user = await createUser(t);
    const oldSession = await loginToken(t.app, user.email, user.password);
    expect((await request(user.email)).statusCode).toBe(200);
    const token = lastLink(t, user.email, 'reset-password');

    const response = await reset(token, 'brand-new-password');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your password has been successfully reset.' });

    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'brand-new-password')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(oldSession) })).statusCode,
    ).toBe(401);

    const reuse = await reset(token, 'another-password');
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().message).toBe('This password reset link is invalid or has expired.');
  });

  it('tells the login by mail that its password was reset, and from where', async () => {
    const user = await createUser(t);
    await request(user.email);
    const token = lastLink(t, user.email, 'reset-password');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/reset-password/${token}`,
      payload: { password: 'brand-new-password', password_confirmation: 'brand-new-password' },
      remoteAddress: '198.51.100.23',
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0' },
    });
    expect(response.statusCode).toBe(200);
    const notice = mailsTo(t, user.email).at(-1)!;
    expect(notice.subject).toBe('Your password was changed');
    expect(notice.text).toContain('with a password reset link');
    expect(notice.text).toContain('from the address 198.51.100.23 (Firefox 132 on Linux)');
    expect(notice.text).toMatch(/on \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \(New York time\)/);
  });

  it('answers an unknown address exactly like a known one and mails nothing', async () => {
    const known = await createUser(t);
    const unknownEmail = uniqueEmail('ghost');
    const a = await request(known.email);
    const b = await request(unknownEmail);
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.json()).toEqual(a.json());
    expect(mailsTo(t, unknownEmail)).toHaveLength(0);
  });

  it('voids an older link when a newer one is requested', async () => {
    const user = await createUser(t);
    await request(user.email);
    const older = lastLink(t, user.email, 'reset-password');
    await request(user.email);
    const newer = lastLink(t, user.email, 'reset-password');
    expect((await reset(older, 'brand-new-password')).statusCode).toBe(422);
    expect((await reset(newer, 'brand-new-password')).statusCode).toBe(200);
  });

  it('refuses sub-accounts with sub_account_reset_not_allowed', async () => {
    const owner = await createUser(t);
    const sub = await createUser(t, {
      parentId: owner.id,
      permissions: { order: false, services: true, billing: false, support: false },
    });
    const response = await request(sub.email);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('sub_account_reset_not_allowed');
    expect(response.json().message).toBeTruthy();
    expect(mailsTo(t, sub.email)).toHaveLength(0);
  });

  it('refuses closed accounts with account_closed', async () => {
    const user = await createUser(t, { closedAt: new Date() });
    const response = await request(user.email);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('account_closed');
  });

  it('validates the new password and changes nothing when it is bad', async () => {
    const user = await createUser(t);
    await request(user.email);
    const token = lastLink(t, user.email, 'reset-password');
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual(['Password must be at least 8 characters.']);
    const mismatch = await reset(token, 'long-enough-1', 'long-enough-2');
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual(['Passwords must match.']);
    // The link survived the rejected attempts, and the old password still works.
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect((await reset(token, 'long-enough-1')).statusCode).toBe(200);
  });

  it('requires a valid e-mail to request a reset', async () => {
    const response = await request('nope');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toEqual(['The email must be a valid email address.']);
  });

  it('limits reset requests for one address with the spec text', async () => {
    const user = await createUser(t);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await request(user.email, `10.2.0.${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await request(user.email, '10.2.0.9')).json().message).toBe(
      'Too many attempts, please try again later.',
    );
  });
});
