import { expect, test } from './support/test.ts';
import { registerAccount, signIn } from './support/accounts.ts';
import { mailedLink } from './support/mail.ts';

test('resets the password by the mailed link and signs in with the new one', async ({ page }) => {
  const account = await registerAccount(page.request, 'reset');

  await page.goto('/reset-password');
  await page.getByLabel('Email Address').fill(account.email);
  await page.getByRole('button', { name: 'Request Reset' }).click();
  await expect(page.getByText('Password reset request sent.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request Reset' })).toBeDisabled();

  await page.goto(await mailedLink(account.email, 'reset-password'));
  await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('short');
  await page.getByLabel('Confirm New Password').fill('other');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
  await expect(page.getByText('Passwords must match.')).toBeVisible();

  const newPassword = 'second-password-456';
  await page.getByRole('textbox', { name: 'New Password', exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('Your password has been successfully reset.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'New Password', exact: true })).toHaveCount(0);

  await signIn(page, account.email, newPassword);
  await expect(page.getByText(`Welcome back, ${account.firstName}`)).toBeVisible();
});

test('a used or unknown reset link shows the server message', async ({ page }) => {
  await page.goto('/reset-password/not-a-real-token');
  await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('another-password-1');
  await page.getByLabel('Confirm New Password').fill('another-password-1');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /invalid|expired/i })).toBeVisible();
});

test('the reset request refuses a sub-account with the server message', async ({ page }) => {
  await page.goto('/reset-password');
  await page.getByLabel('Email Address').fill('not-an-email');
  await page.getByRole('button', { name: 'Request Reset' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();

  await page.getByLabel('Email Address').fill('sub@example.com');
  await page.getByRole('button', { name: 'Request Reset' }).click();
  await expect(
    page.getByText(
      'Password reset is not available for sub-accounts. Please ask your account administrator.',
    ),
  ).toBeVisible();
});
