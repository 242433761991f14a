import { expect, test } from './support/test.ts';
import { generate } from 'otplib';
import { signIn, uniqueEmail } from './support/accounts.ts';
import { demo, twoFactor } from './support/env.ts';

test('registers with the captcha, shows the success notice and lands on the dashboard', async ({ page }) => {
  const email = uniqueEmail('register');
  await page.goto('/register');
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('register-password-1');
  await page.getByLabel('Confirm Password').fill('register-password-1');
  await page.getByLabel('First Name (Optional)').fill('Riley');

  await page.getByRole('checkbox').click({ force: true });
  await expect(page.getByText('Verified', { exact: false }).first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByText('Your account has been created')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await expect(page.getByText('Welcome back, Riley')).toBeVisible();
});

test('register refuses mismatched passwords and a missing captcha', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Email Address').fill(uniqueEmail('mismatch'));
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('register-password-1');
  await page.getByLabel('Confirm Password').fill('something-else-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm Password').fill('register-password-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please complete the captcha')).toBeVisible();
});

test('signs in without 2FA, logs out, and protected routes then send to /login', async ({ page }) => {
  await signIn(page, demo.email, demo.password);
  await expect(page.getByText(`Welcome back, ${demo.firstName}`)).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Logout' })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();

  await page.goto('/services');
  await expect(page).toHaveURL(/\/login$/);
});

test('shows the server message for wrong credentials', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill('nobody@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
});

test('signs in with a 2FA code, and a wrong code shows the error', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(twoFactor.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(twoFactor.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  const code = page.getByLabel('Authentication Code');
  await expect(code).toBeVisible();
  const valid = await generate({ secret: twoFactor.secret });
  const wrong = String((Number(valid) + 1) % 1_000_000).padStart(6, '0');
  await code.fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid 2FA code.')).toBeVisible();

  await code.fill(await generate({ secret: twoFactor.secret }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome back,')).toBeVisible();
});
