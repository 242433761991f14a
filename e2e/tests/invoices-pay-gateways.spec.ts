import { expect, type Page, test } from './support/test.ts';
import { openOwnInvoice, statusBadge } from './support/invoices.ts';
import { card } from './support/page.ts';

/**
 * Paying an invoice through PayPal, Cryptomus and BitPay (portal spec §4) in the browser: each
 * gateway's checkout is the datacenter simulator's payment sandbox, its callback lands on the
 * server while the invoice page polls. Each journey raises an invoice of its own on a fresh owner.
 */

async function ownInvoice(page: Page, amount: number, gateway: string): Promise<number> {
  const invoiceId = await openOwnInvoice(page, amount, 'pay-gw');
  await page.getByRole('combobox', { name: 'Payment Method', exact: true }).click();
  await page.getByRole('option', { name: gateway, exact: true }).click();
  return invoiceId;
}

const transactionRow = (page: Page, gateway: string) =>
  card(page, 'Transactions').getByRole('row').filter({ hasText: gateway });

test('PayPal: approved at the gateway, back on the invoice with the banner, Paid once the IPN lands', async ({
  page,
}) => {
  const invoiceId = await ownInvoice(page, 21, 'PayPal');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('heading', { name: /PayPal/ })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoiceId}\\?.*success=true`));
  await expect(page.getByText('Payment Successful!')).toBeVisible();
  await expect(statusBadge(page, 'Paid')).toBeVisible();
  await expect(transactionRow(page, 'PayPal')).toContainText('$21.00 USD');
});

test('Cryptomus: paid on its checkout, back on the invoice, Paid', async ({ page }) => {
  const invoiceId = await ownInvoice(page, 22, 'Cryptomus');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoiceId}`));
  await expect(statusBadge(page, 'Paid')).toBeVisible();
  await expect(transactionRow(page, 'Cryptomus')).toContainText('$22.00 USD');
});

test('Bitcoin: paid in the invoice viewer of a new window, the invoice page shows Paid', async ({ page }) => {
  await ownInvoice(page, 23, 'Bitcoin or BitCash');
  const [viewer] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Pay Now' }).click(),
  ]);
  await viewer.getByRole('button', { name: 'Pay', exact: true }).click();
  await viewer.close();
  await expect(statusBadge(page, 'Paid')).toBeVisible();
  await expect(transactionRow(page, 'Bitcoin')).toBeVisible();
});
