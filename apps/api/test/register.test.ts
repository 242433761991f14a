import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { bearer, createUser, mailsTo, solveCaptcha, uniqueEmail } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('POST /api/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const register = async (fields: Record<string, unknown>, captcha?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        password: 'a-long-password',
        password_confirmation: 'a-long-password',
        captchaToken: captcha ?? (await solveCaptcha(t.app)),
        ...fields,
      },
    });

  const countUsers = async (email: string) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from users where lower(email) = ${email.toLowerCase()}`,
      )
    )[0]!.n;

  it('creates the account, signs it in and mails a verification link', async () => {
    const email = uniqueEmail('reg');
    const response = await register({ email, firstname: 'Grace', lastname: 'Hopper', companyname: 'Navy' });
    expect(response.statusCode).toBe(201);
    const { token, user } = response.json();
    expect(user).toMatchObject({
      email,
      firstname: 'Grace',
      lastname: 'Hopper',
      email_verified: false,
      is_sub_account: false,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    const mail = mailsTo(t, email).at(-1);
    expect(mail?.subject).toBe('Verify your e-mail address');
    expect(mail?.text).toMatch(/http:\/\/rackdesk\.test\/verify-email\/[\w-]+/);
  });

  it('refuses an e-mail that is already taken, whatever its case, and creates nothing', async () => {
    const existing = await createUser(t);
    const response = await register({ email: existing.email.toUpperCase() });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ['The email has already been taken.'] });
    expect(await countUsers(existing.email)).toBe(1);
  });

  it('refuses passwords that do not match', async () => {
    const email = uniqueEmail('reg');
    const response = await register({ email, password_confirmation: 'something-else' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ password_confirmation: ['Passwords do not match'] });
    expect(await countUsers(email)).toBe(0);
  });

  it('refuses a password shorter than 8 characters', async () => {
    const response = await register({
      email: uniqueEmail('reg'),
      password: 'short',
      password_confirmation: 'short',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.password).toEqual(['The password must be at least 8 characters.']);
  });

  it('refuses a malformed e-mail and country', async () => {
    const response = await register({ email: 'not-an-email', country: 'United States' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['country', 'email']);
  });

  it('requires the captcha', async () => {
    const email = uniqueEmail('reg');
    const response = await register({ email }, '');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ captchaToken: ['Please complete the captcha'] });
    expect(await countUsers(email)).toBe(0);
  });

  it('refuses a forged captcha payload', async () => {
    const email = uniqueEmail('reg');
    const forged = Buffer.from(
      JSON.stringify({ challenge: { parameters: {} }, solution: { counter: 1 } }),
    ).toString('base64');
    const response = await register({ email }, forged);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.captchaToken).toEqual([
      'The captcha could not be verified. Please try again.',
    ]);
    expect(await countUsers(email)).toBe(0);
  });

  it('refuses a captcha solution used a second time', async () => {
    const captcha = await solveCaptcha(t.app);
    expect((await register({ email: uniqueEmail('reg') }, captcha)).statusCode).toBe(201);
    const email = uniqueEmail('reg');
    const replay = await register({ email }, captcha);
    expect(replay.statusCode).toBe(422);
    expect(await countUsers(email)).toBe(0);
  });

  /** Sign-ups in a row from one address, as their statuses. */
  async function burst(app: TestApp['app'], count: number, address: string) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: address,
        payload: {
          email: uniqueEmail('burst'),
          password: 'a-long-password',
          password_confirmation: 'a-long-password',
          captchaToken: await solveCaptcha(app),
        },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  it('limits sign-ups from one address', async () => {
    const statuses = await burst(t.app, 11, '10.1.0.1');
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('takes the limit of REGISTER_LIMIT_PER_ADDRESS', async () => {
    const strict = await createTestApp({ REGISTER_LIMIT_PER_ADDRESS: '2' });
    try {
      expect(await burst(strict.app, 3, '10.1.0.2')).toEqual([201, 201, 429]);
    } finally {
      await strict.close();
    }
  });
});
