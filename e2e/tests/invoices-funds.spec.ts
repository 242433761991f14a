import { expect, test } from './support/test.ts';
import { registerAccount, signInWithToken } from './support/accounts.ts';
import { demo } from './support/env.ts';
import { addFunds, headersOf } from './support/invoices.ts';
import { card } from './support/page.ts';

test('Add Funds checks the amount, then raises an AddFunds invoice that takes no credit', async ({
  page,
}) => {
  // The demo owner holds credit: its Add Funds invoice must still offer no Apply Credit.
  await signInWithToken(page, demo.email, demo.password);
  await page.goto('/account/addfunds');
  await expect(page.getByRole('tab', { name: 'Add Funds', selected: true })).toBeVisible();
  const funds = card(page, 'Add Funds');
  await expect(funds.getByText(/^Current credit: \$\d+\.\d{2} USD$/)).toBeVisible();
  const amount = funds.getByLabel('Amount');
  const submit = funds.getByRole('button', { name: 'Add Funds' });

  await submit.click();
  await expect(funds.getByText('Please enter the amount.')).toBeVisible();
  await amount.fill('9.99');
  await submit.click();
  await expect(funds.getByText('Minimum deposit is $10.00 USD')).toBeVisible();
  await amount.fill('5000.01');
  await submit.click();
  await expect(funds.getByText('Maximum deposit is $5000.00 USD')).toBeVisible();

  await amount.fill('10');
  await submit.click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  await expect(page.getByRole('heading', { name: /^Invoice #\d+$/, level: 1 })).toBeVisible();
  await expect(card(page, 'Invoice Items')).toContainText('Add Funds');
  await expect(page.getByText('Unpaid', { exact: true }).first()).toBeVisible();
  // The sandbox configures every gateway: the invoice can be paid.
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply Credit' })).toHaveCount(0);
});

test('a refused deposit shows the server’s message', async ({ page }) => {
  const account = await registerAccount(page.request, 'funds');
  await signInWithToken(page, account.email, account.password);
  // An unpaid $5,000 deposit leaves no room under the $5,000 balance: the server refuses the next.
  await addFunds(page.request, await headersOf(page.request, account.email, account.password), 5000);
  await page.goto('/account/addfunds');
  const funds = card(page, 'Add Funds');
  await funds.getByLabel('Amount').fill('50');
  await funds.getByRole('button', { name: 'Add Funds' }).click();
  await expect(
    funds.getByText(/^Your credit balance cannot exceed \$5000\.00 USD: you can add at most \$0\.00 USD now/),
  ).toBeVisible();
  await page.route('**/api/invoices/funds', (route) => route.abort());
  await funds.getByRole('button', { name: 'Add Funds' }).click();
  await expect(funds.getByText('An error occurred. Please try again.')).toBeVisible();
});
