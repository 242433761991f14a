import { expect, test } from './support/test.ts';
import { registerAccount, signIn } from './support/accounts.ts';
import { mailedLink } from './support/mail.ts';

test('verifying by the mailed link removes the banner of an open dashboard without reload', async ({
  page,
  context,
}) => {
  const account = await registerAccount(page.request, 'verify');
  await signIn(page, account.email, account.password);
  const banner = page.getByText('Orders are not processed until your email address is verified.');
  await expect(banner).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend Verification Email' })).toBeVisible();

  const link = await mailedLink(account.email, 'verify-email');
  const second = await context.newPage();
  await second.goto(link);
  await expect(second.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
  await expect(second.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();

  await expect(banner).toBeHidden();
  await second.close();
});

test('a bad verification link shows the failure with a support link', async ({ page }) => {
  await page.goto('/verify-email/not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Need help? Contact support' })).toHaveAttribute(
    'href',
    '/support/new',
  );
});

test('resend shows the spec toast', async ({ page }) => {
  const account = await registerAccount(page.request, 'resend');
  await signIn(page, account.email, account.password);
  await page.getByRole('button', { name: 'Resend Verification Email' }).click();
  await expect(page.getByText('Verification email has been resent. Please check your inbox.')).toBeVisible();
});
