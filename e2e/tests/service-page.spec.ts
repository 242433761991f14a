import { expect, type Page, test } from './support/test.ts';
import { signInWithToken } from './support/accounts.ts';
import { demo, sub } from './support/env.ts';
import { serviceIds } from './support/owner-api.ts';

const banner = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });

test('voids a pending cancellation, then requests one again, with the tag following', async ({ page }) => {
  const ids = await serviceIds(page.request);
  const id = ids.get('backup.demo.example')!;
  await signInWithToken(page, demo.email, demo.password);
  await page.goto(`/services/${id}`);

  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Services' })).toBeVisible();
  await expect(breadcrumb.getByText('Miscellaneous')).toBeVisible();
  await expect(breadcrumb.getByText(String(id))).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Service Info' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Billing Info' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Invoices' })).toHaveAttribute(
    'href',
    `/invoices?id=${id}`,
  );

  // The demo service starts with a pending request: no new request until it is voided.
  await expect(banner(page, 'Pending Cancellation')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request Cancellation' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Void Cancellation Request' }).click();
  await expect(page.getByText('Cancellation request voided successfully.')).toBeVisible();
  await expect(banner(page, 'Pending Cancellation')).toHaveCount(0);

  await page.getByRole('button', { name: 'Request Cancellation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Cancellation' });
  await expect(dialog.getByLabel('Immediate')).toBeChecked();
  await dialog.getByLabel(/Reason for cancellation/).fill('   ');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(dialog.getByText('Please provide a reason for cancellation.')).toBeVisible();
  await dialog.getByLabel('End of Billing Period').check();
  await dialog.getByLabel(/Reason for cancellation/).fill('Moving the backups in-house.');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Cancellation request submitted.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(banner(page, 'Pending Cancellation')).toContainText('End of Billing Period');
  await expect(banner(page, 'Pending Cancellation')).toContainText('Moving the backups in-house.');

  await page.getByRole('link', { name: 'Services' }).first().click();
  const row = page.getByRole('row').filter({ hasText: 'backup.demo.example' });
  await expect(row.getByText('Pending Cancellation')).toBeVisible();
});

test('shows the pending and suspended notices, and a not-found view', async ({ page }) => {
  const ids = await serviceIds(page.request);
  await signInWithToken(page, demo.email, demo.password);

  await page.goto(`/services/${ids.get('ny-dedi-02.demo.example')!}`);
  await expect(banner(page, 'Service Pending')).toContainText(
    'Once setup is completed, you will receive an email with the service details.',
  );
  await expect(page.getByRole('heading', { name: 'PENDING', level: 1 })).toBeVisible();

  await page.goto(`/services/${ids.get('staging.demo.example')!}`);
  await expect(banner(page, 'Service Suspended')).toContainText('Overdue on Payment');
  await expect(page.getByRole('button', { name: 'Request Cancellation' })).toBeVisible();

  await page.goto('/services/999999');
  await expect(page.getByRole('heading', { name: 'Service Not Found' })).toBeVisible();
});

test('a sub-account outside its whitelist is sent to the service list', async ({ page }) => {
  const ids = await serviceIds(page.request);
  await signInWithToken(page, sub.email, sub.password);
  await page.goto(`/services/${ids.get('backup.demo.example')!}`);
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByText('You do not have access to this service')).toBeVisible();
});

test('a cancellation made elsewhere shows on an open page without a reload', async ({ page }) => {
  const ids = await serviceIds(page.request);
  const id = ids.get('game01.demo.example')!;
  await signInWithToken(page, demo.email, demo.password);
  await page.goto(`/services/${id}`);
  await expect(page.getByRole('button', { name: 'Request Cancellation' })).toBeVisible();

  // Another session of the same account (a second tab, another browser) requests it.
  const login = await page.request.post('/api/login', {
    data: { email: demo.email, password2: demo.password },
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const request = await page.request.post(`/api/services/${id}/cancel`, {
    headers,
    data: { type: 'Immediate', reason: 'Requested from another tab.' },
  });
  expect(request.status()).toBe(200);
  await expect(banner(page, 'Pending Cancellation')).toContainText('Requested from another tab.');

  expect((await page.request.delete(`/api/services/${id}/cancel`, { headers })).status()).toBe(200);
  await expect(banner(page, 'Pending Cancellation')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Request Cancellation' })).toBeVisible();
});
