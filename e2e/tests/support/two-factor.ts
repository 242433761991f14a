import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';

/**
 * The authenticator code of `secret`, `stepsAhead` 30-second steps from now. The server takes a
 * code once and only of a later step than the last one used, and one step of drift each way: a
 * journey that uses several codes in a row takes each from the next step.
 */
export const totpCode = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });

/** Signs in through /login with the password, then `code` at the code step. */
export async function signInWithCode(page: Page, email: string, password: string, code: string) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('Authentication Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Ends the browser's session through /logout. */
export async function signOut(page: Page) {
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
}
