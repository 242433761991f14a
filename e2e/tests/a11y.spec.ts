import { expect, test } from './support/test.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { signInWithToken } from './support/accounts.ts';
import { demo } from './support/env.ts';

const guestPages = [
  { path: '/login', heading: 'Sign In' },
  { path: '/register', heading: 'Create Account' },
  { path: '/reset-password', heading: 'Reset Password' },
  { path: '/support/new', heading: 'Open New Ticket' },
  { path: '/no-such-page', heading: 'Page Not Found' },
];

for (const { path, heading } of guestPages) {
  test(`no serious accessibility violations on ${path}`, async ({ page }) => {
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
        cspErrors.push(message.text());
      }
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expectNoSeriousViolations(page);
    expect(cspErrors).toEqual([]);
  });
}

test('no serious accessibility violations on /dashboard', async ({ page }) => {
  await signInWithToken(page, demo.email, demo.password);
  await page.goto('/dashboard');
  await expect(page.getByText(`Welcome back, ${demo.firstName}`)).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('no serious accessibility violations on a service page and its cancellation dialog', async ({
  page,
}) => {
  await signInWithToken(page, demo.email, demo.password);
  await page.goto('/services');
  await page.getByRole('link', { name: 'Manage backup.demo.example' }).click();
  await expect(page.getByRole('heading', { name: 'Billing Info' })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto('/services');
  const href = await page.getByRole('link', { name: 'Manage staging.demo.example' }).getAttribute('href');
  await page.goto(href!.replace('/services/vps/v2/', '/services/'));
  await page.getByRole('button', { name: 'Request Cancellation' }).click();
  await expect(page.getByRole('dialog', { name: 'Request Cancellation' })).toBeVisible();
  await expectNoSeriousViolations(page);
});
