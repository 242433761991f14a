import { expect, type Page, test } from './support/test.ts';
import { signInWithToken } from './support/accounts.ts';
import { demo } from './support/env.ts';
import { addFunds, headersOf, openOwnInvoice, payWithNewCard, statusBadge } from './support/invoices.ts';
import { card, toast } from './support/page.ts';

/**
 * Paying an invoice by card (portal spec §3 Payment intent, §4) in the browser: Stripe.js is the
 * payment sandbox's stand-in, the payment intent the sandbox's, the transaction the server's.
 * Each journey raises an Add Funds invoice of its own on a fresh owner with complete details.
 */

async function ownInvoice(page: Page, amount: number): Promise<number> {
  const invoiceId = await openOwnInvoice(page, amount, 'pay-card');
  await expect(page.getByRole('combobox', { name: 'Payment Method', exact: true })).toHaveValue(
    'Credit Card',
  );
  return invoiceId;
}

const transactionRow = (page: Page) =>
  card(page, 'Transactions').getByRole('row').filter({ hasText: 'Credit Card' });

test('a new card pays the invoice: Paid, with its charge in the transactions', async ({ page }) => {
  await ownInvoice(page, 12);
  await payWithNewCard(page, '4242424242424242');
  await expect(page.getByText('Payment Successful!')).toBeVisible();
  await expect(statusBadge(page, 'Paid')).toBeVisible();
  await expect(transactionRow(page)).toContainText(/ch_\w+/);
  await expect(transactionRow(page)).toContainText('$12.00 USD');
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
});

test('a 3-D Secure card pays once the challenge is completed', async ({ page }) => {
  await ownInvoice(page, 13);
  await payWithNewCard(page, '4000000000003220');
  await page
    .frameLocator('iframe[title="3D Secure authentication"]')
    .getByRole('button', { name: 'Complete' })
    .click();
  await expect(statusBadge(page, 'Paid')).toBeVisible();
  await expect(transactionRow(page)).toContainText('$13.00 USD');
});

test('a declined card says so and leaves the invoice Unpaid', async ({ page }) => {
  await ownInvoice(page, 14);
  await payWithNewCard(page, '4000000000000002');
  await expect(toast(page, 'Payment failed')).toBeVisible();
  await page.reload();
  await expect(statusBadge(page, 'Unpaid')).toBeVisible();
  await expect(card(page, 'Transactions').getByText('No transactions found')).toBeVisible();
});

test('the demo owner pays with its saved default card', async ({ page }) => {
  await signInWithToken(page, demo.email, demo.password);
  const headers = await headersOf(page.request, demo.email, demo.password);
  const invoiceId = await addFunds(page.request, headers, 15);
  await page.goto(`/invoices/${invoiceId}`);
  const saved = page.getByRole('radio', { name: /Visa ending in 4242/ });
  await expect(saved).toBeChecked();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(statusBadge(page, 'Paid')).toBeVisible();
  await expect(transactionRow(page)).toContainText('$15.00 USD');
});
