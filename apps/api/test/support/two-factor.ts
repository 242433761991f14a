import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { bearer, mailsTo } from './fixtures.ts';
import type { TestApp } from './test-app.ts';

/**
 * The authenticator's code `steps` time steps (of 30 s) from now. The server accepts one step
 * either way and each step once, so a test has three codes at hand: -1, 0 and +1, in that order.
 */
export function totpCode(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/** Forgets the last authenticator step used, as if its time had passed: the next code is accepted. */
export async function letTotpStepPass(t: TestApp, userId: number): Promise<void> {
  await t.database.db.update(users).set({ totpLastStep: null }).where(eq(users.id, userId));
}

/** The last 6-digit code mailed to `email`. */
export function mailedCode(t: TestApp, email: string): string {
  const code = mailsTo(t, email)
    .at(-1)
    ?.text.match(/code is (\d{6})/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/**
 * Turns authenticator 2FA on for the session's login and returns the secret and the recovery
 * codes. It confirms with the current step's code, then forgets that step, so that the test can
 * use the current and the next code as if none had been used: a code of an earlier step could
 * fall out of the server's window when a step ends between making and checking it.
 */
export async function enableAuthenticator(
  t: TestApp,
  token: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const chosen = await t.app.inject({
    method: 'POST',
    url: '/api/2fa',
    headers: bearer(token),
    payload: { method: 'google_authenticator' },
  });
  expect(chosen.statusCode).toBe(200);
  const { secret } = chosen.json();
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/2fa/confirm',
    headers: bearer(token),
    payload: { code: await totpCode(secret) },
  });
  expect(confirmed.statusCode).toBe(200);
  await t.database.db.update(users).set({ totpLastStep: null }).where(eq(users.totpSecret, secret));
  return { secret, recoveryCodes: confirmed.json().recovery_codes };
}

/** Turns e-mail 2FA on for the session's login and returns the recovery codes. */
export async function enableEmailCodes(t: TestApp, token: string, email: string): Promise<string[]> {
  const chosen = await t.app.inject({
    method: 'POST',
    url: '/api/2fa',
    headers: bearer(token),
    payload: { method: 'email' },
  });
  expect(chosen.statusCode).toBe(200);
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/2fa/confirm',
    headers: bearer(token),
    payload: { code: mailedCode(t, email) },
  });
  expect(confirmed.statusCode).toBe(200);
  return confirmed.json().recovery_codes;
}
