import { expect, test } from './support/test.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { currentUser, registerAccount, signInWithToken } from './support/accounts.ts';
import {
  addFunds,
  completeAccountDetails,
  headersOf,
  payWithNewCard,
  statusBadge,
} from './support/invoices.ts';
import { card } from './support/page.ts';

test('a $25 deposit on the Add Funds tab, paid by card, grows the credit by $25', async ({ page }) => {
  const account = await registerAccount(page.request, 'pay-funds');
  await completeAccountDetails(page.request, await headersOf(page.request, account.email, account.password));
  await signInWithToken(page, account.email, account.password);
  await page.goto('/account/addfunds');
  const funds = card(page, 'Add Funds');
  await expect(funds.getByText('Current credit: $0.00 USD')).toBeVisible();
  await funds.getByLabel('Amount').fill('25');
  await funds.getByRole('button', { name: 'Add Funds' }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  await expect(card(page, 'Invoice Items')).toContainText('Add Funds');

  await payWithNewCard(page);
  await expect(statusBadge(page, 'Paid')).toBeVisible();
  expect((await currentUser(page)).credit).toBe('25.00');
  await page.goto('/account/addfunds');
  await expect(funds.getByText('Current credit: $25.00 USD')).toBeVisible();
});

test('with incomplete details only the crypto gateways pay; the details asked for let the card pay', async ({
  page,
}) => {
  const account = await registerAccount(page.request, 'pay-info');
  const invoiceId = await addFunds(
    page.request,
    await headersOf(page.request, account.email, account.password),
    20,
  );
  await signInWithToken(page, account.email, account.password);
  await page.goto(`/invoices/${invoiceId}`);
  // The sandbox configures every gateway: the list is the installation's own.
  const method = page.getByRole('combobox', { name: 'Payment Method', exact: true });
  await expect(method).toHaveValue('Cryptomus');
  await method.click();
  await expect(page.getByRole('option')).toHaveText([
    'Credit Card',
    'PayPal',
    'Bitcoin or BitCash',
    'Cryptomus',
  ]);
  await page.getByRole('option', { name: 'Bitcoin or BitCash', exact: true }).click();
  await expect(method).toHaveValue('Bitcoin or BitCash');
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();

  await method.click();
  await page.getByRole('option', { name: 'Credit Card', exact: true }).click();
  await expect(
    page.getByText('Non-Crypto payments require you to enter your details in your profile first.').first(),
  ).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Add Required Info' });
  await expect(dialog.getByText('This is required for Non-Crypto Payments')).toBeVisible();
  await expect(dialog.getByLabel('First Name')).toHaveValue(account.firstName);
  await expect(method).toHaveValue('Bitcoin or BitCash');
  await expectNoSeriousViolations(page);

  await dialog.getByLabel('Address 1').fill('1 Main Street');
  await dialog.getByLabel('City').fill('Albany');
  await dialog.getByLabel('State').fill('NY');
  await dialog.getByLabel('Postcode').fill('12207');
  await dialog.getByLabel('Phone Number').fill('+1 518 555 0100');
  await dialog.getByRole('combobox', { name: 'Country' }).fill('United States');
  await page.getByRole('option', { name: 'United States', exact: true }).click();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(method).toHaveValue('Credit Card');
  await payWithNewCard(page);
  await expect(statusBadge(page, 'Paid')).toBeVisible();
});
