import { expect, type Page, test } from './support/test.ts';
import { registerAccount, signInWithToken } from './support/accounts.ts';
import { demo, sub } from './support/env.ts';

const table = (page: Page) => page.getByRole('table', { name: 'My services' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.title.startsWith('a new user')) return;
  await signInWithToken(page, demo.email, demo.password);
  await page.goto('/services');
  await expect(page.getByRole('heading', { name: 'My Services' })).toBeVisible();
});

test('lists the active, pending and suspended services with tags, then all of them', async ({ page }) => {
  // 13 demo services, of which Cancelled, Terminated and Fraud are hidden by default: 10 shown.
  await expect(page.getByText('Showing 1 - 10 of 10 items')).toBeVisible();
  await expect(table(page).getByText('PENDING', { exact: true })).toBeVisible();
  await expect(table(page).getByText('pending', { exact: true })).toBeVisible();
  await expect(table(page).getByRole('link', { name: 'Invoice Due' }).first()).toHaveAttribute(
    'href',
    /\/invoices\/\d+$/,
  );
  await expect(table(page).getByText('Pending Cancellation')).toBeVisible();
  await expect(table(page).getByText('N/A')).toBeVisible();
  await expect(table(page).getByRole('link', { name: 'Manage ny-dedi-01.demo.example' })).toHaveAttribute(
    'href',
    /\/services\/dedicated\/\d+$/,
  );
  await expect(table(page).getByRole('link', { name: 'Manage web01.demo.example' })).toHaveAttribute(
    'href',
    /\/services\/vps\/v2\/\d+$/,
  );

  await page.getByLabel('Show all services (including inactive)').check();
  await expect(page.getByText('Showing 1 - 10 of 13 items')).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('Showing 11 - 13 of 13 items')).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(3);
  await page.getByLabel('Items per page').selectOption('25');
  await expect(page.getByText('Showing 1 - 13 of 13 items')).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(13);
});

test('searches case-insensitively and says when nothing matches', async ({ page }) => {
  await page.getByLabel('Search services').fill('WEB01');
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(page.getByText('Showing 1 - 1 of 1 items')).toBeVisible();
  await page.getByLabel('Search services').fill('no-such-service');
  await expect(page.getByText('No services match your search criteria.')).toBeVisible();
  await expect(page.getByText('No items found')).toBeVisible();
});

test('sorts by next due date with N/A last in both directions', async ({ page }) => {
  const header = table(page).getByRole('button', { name: 'Next due date' });
  const lastCell = () => bodyRows(page).last().locator('td').nth(4);
  await header.click();
  await expect(table(page).getByRole('columnheader', { name: 'Next due date' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(lastCell()).toHaveText('N/A');
  await header.click();
  await expect(table(page).getByRole('columnheader', { name: 'Next due date' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(lastCell()).toHaveText('N/A');
});

test('a sub-account sees only its whitelisted services', async ({ page }) => {
  await page.context().clearCookies();
  await signInWithToken(page, sub.email, sub.password);
  await page.goto('/services');
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Order New Service' })).toHaveCount(0);
});

test('a new user with no services sees the empty text', async ({ page, request }) => {
  const account = await registerAccount(request, 'svc');
  await signInWithToken(page, account.email, account.password);
  await page.goto('/services');
  await expect(page.getByText('You have no services.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Order New Service' })).toBeVisible();
});
