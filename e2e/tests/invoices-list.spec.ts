import { expect, type Page, test } from './support/test.ts';
import { registerAccount, signInWithToken } from './support/accounts.ts';
import { demo, sub } from './support/env.ts';
import { addFunds, headersOf } from './support/invoices.ts';
import { serviceIdByDomain } from './support/owner-api.ts';

const table = (page: Page) => page.getByRole('table', { name: 'Invoices' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');

test('pages by 5, then 10, searches by number and status, and opens a row', async ({ page }) => {
  const account = await registerAccount(page.request, 'inv-list');
  const headers = await headersOf(page.request, account.email, account.password);
  const ids: number[] = [];
  for (const amount of [10, 11, 12, 13, 14, 15]) ids.push(await addFunds(page.request, headers, amount));

  await signInWithToken(page, account.email, account.password);
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await expect(page.getByText('Showing 1 - 5 of 6 items')).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(5);
  await expect(table(page).getByText('Unpaid').first()).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('Showing 6 - 6 of 6 items')).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(page.getByLabel('Items per page')).toContainText('Show: 50 per page');
  await page.getByLabel('Items per page').selectOption('10');
  await expect(page.getByText('Showing 1 - 6 of 6 items')).toBeVisible();

  const newest = ids.at(-1)!;
  await page.getByLabel('Search invoices').fill(String(newest));
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(table(page).getByRole('link', { name: `#${newest}` })).toBeVisible();
  await page.getByLabel('Search invoices').fill('unpaid');
  await expect(page.getByText('Showing 1 - 6 of 6 items')).toBeVisible();
  await page.getByLabel('Search invoices').fill('Refunded');
  await expect(page.getByText('No invoices match your search criteria.')).toBeVisible();
  await expect(page.getByText('No items found')).toBeVisible();

  await page.getByLabel('Search invoices').fill('');
  await bodyRows(page).first().locator('td').nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${newest}$`));
});

test("?id= lists one service's invoices, with the way back to all", async ({ page }) => {
  const serviceId = await serviceIdByDomain(page.request, 'web01.demo.example');
  await signInWithToken(page, demo.email, demo.password);
  await page.goto(`/invoices?id=${serviceId}`);
  await expect(page.getByText(`Invoices of service #${serviceId}`)).toBeVisible();
  // The seeded Unpaid invoice, one Paid invoice and the refunded setup fee of that VPS.
  await expect(page.getByText('Showing 1 - 3 of 3 items')).toBeVisible();
  await expect(table(page).getByText('Paid', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Show all invoices' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByText(/Showing 1 - 5 of \d+ items/)).toBeVisible();
});

test('a new account sees the empty text', async ({ page }) => {
  const account = await registerAccount(page.request, 'inv-empty');
  await signInWithToken(page, account.email, account.password);
  await page.goto('/invoices');
  await expect(page.getByText('You have no invoices.')).toBeVisible();
});

test('a failed list shows its toast and the error panel', async ({ page }) => {
  await signInWithToken(page, demo.email, demo.password);
  await page.route(/\/api\/invoices\?/, (route) =>
    route.fulfill({ status: 500, json: { message: 'fault' } }),
  );
  await page.goto('/invoices');
  await expect(page.getByRole('alert').filter({ hasText: 'Unable to get invoices!' })).toBeVisible();
  await expect(page.getByText('Something went wrong')).toBeVisible();
  await expect(page.getByRole('link', { name: 'contact support' })).toHaveAttribute('href', '/support');
});

test('a sub-account without the billing permission is sent to the dashboard', async ({ page }) => {
  await signInWithToken(page, sub.email, sub.password);
  await page.goto('/invoices');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/invoices/1');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/account/addfunds');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('tab', { name: 'Add Funds' })).toHaveCount(0);
});
