import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { solveCaptcha } from './captcha.ts';

export const uniqueEmail = (prefix = 'e2e') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

export interface Account {
  email: string;
  password: string;
  firstName: string;
}

/** Registers a fresh account through the API (it starts unverified). */
export async function registerAccount(request: APIRequestContext, prefix = 'e2e'): Promise<Account> {
  const account = { email: uniqueEmail(prefix), password: 'first-password-123', firstName: 'Erin' };
  const response = await request.post('/api/register', {
    data: {
      email: account.email,
      password: account.password,
      password_confirmation: account.password,
      captchaToken: await solveCaptcha(request),
      firstname: account.firstName,
      lastname: 'Example',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

/** Signs in through the form of /login and waits for the dashboard. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs in through the API and hands the token to the browser as the app's cookie. */
export async function signInWithToken(page: Page, email: string, password: string) {
  const response = await page.request.post('/api/login', { data: { email, password2: password } });
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  await page
    .context()
    .addCookies([{ name: 'token', value: token, domain: 'localhost', path: '/', sameSite: 'Strict' }]);
}

/** The token of the browser's session: the app keeps it in its `token` cookie. */
export async function sessionToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'token');
  expect(cookie?.value, 'the browser is signed in').toBeTruthy();
  return cookie!.value;
}

/** `GET /api/user` with the browser's session, as the panel asks for it. */
export async function currentUser(page: Page): Promise<Record<string, unknown>> {
  const response = await page.request.get('/api/user', {
    headers: { authorization: `Bearer ${await sessionToken(page)}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}
