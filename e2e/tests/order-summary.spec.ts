import { expect, type Page, test } from './support/test.ts';
import { registerAccount, signInWithToken } from './support/accounts.ts';
import { summary, summaryRow } from './support/order.ts';
import { selectOption } from './support/page.ts';

/**
 * The order summary (portal spec §2, §3, §4, §5, §8): figures of the contract's pricing, the
 * promo code's states and messages for every kind of code, the quantity's bounds and the terms.
 * DW-2G New York costs $10.00 a month, $108.00 a year.
 */

async function applyCode(page: Page, code: string) {
  const field = summary(page).getByRole('textbox', { name: 'Promo Code' });
  await field.fill(code);
  await summary(page).getByRole('button', { name: 'Apply' }).click();
  return field;
}

async function removeCode(page: Page) {
  await summary(page).getByRole('button', { name: 'Remove' }).click();
}

test('each kind of promo code changes the summary as it says', async ({ page }) => {
  await page.goto('/order/vps/201');
  await expect(summaryRow(page, 'Total Due Today')).toContainText('$10.00 USD');

  // Percentage, first invoice only.
  await applyCode(page, 'welcome10');
  await expect(
    summary(page).getByText('WELCOME10: 10% off the first invoice (one-time discount)'),
  ).toBeVisible();
  await expect(summaryRow(page, 'Discount')).toContainText('-$1.00 USD');
  await expect(summaryRow(page, 'Total Due Today')).toContainText('$9.00 USD');
  await expect(summary(page).getByText('Then $10.00 USD monthly.')).toBeVisible();
  await removeCode(page);
  await expect(summaryRow(page, 'Total Due Today')).toContainText('$10.00 USD');

  // Fixed amount, first invoice only.
  await applyCode(page, 'SAVE5');
  await expect(
    summary(page).getByText('SAVE5: $5.00 USD off the first invoice (one-time discount)'),
  ).toBeVisible();
  await expect(summaryRow(page, 'Total Due Today')).toContainText('$5.00 USD');
  await removeCode(page);

  // Percentage, recurring for three renewals.
  await applyCode(page, 'LOYAL20');
  await expect(
    summary(page).getByText(/LOYAL20: 20% off the first invoice and the next 3 renewals/),
  ).toBeVisible();
  await expect(summaryRow(page, 'Total Due Today')).toContainText('$8.00 USD');
  await expect(
    summary(page).getByText('Then $8.00 USD monthly for 3 renewals, $10.00 USD after.'),
  ).toBeVisible();
  await removeCode(page);

  // Fixed amount for life.
  await applyCode(page, 'FOREVER2');
  await expect(
    summary(page).getByText('FOREVER2: $2.00 USD off every invoice (lifetime recurring discount)'),
  ).toBeVisible();
  await expect(summary(page).getByText('Then $8.00 USD monthly.')).toBeVisible();
  await removeCode(page);

  // Limited to yearly cycles: refused monthly, taken yearly, refused again once back on monthly.
  const field = await applyCode(page, 'ANNUAL15');
  await expect(field).toHaveAccessibleDescription('Promo code not valid for the billing cycle selected');
  await selectOption(page, page.getByRole('combobox', { name: 'Billing Cycle' }), 'Annually: $108.00 USD');
  await summary(page).getByRole('button', { name: 'Apply' }).click();
  await expect(summaryRow(page, 'Discount')).toContainText('-$16.20 USD');
  await expect(summaryRow(page, 'Total Due Today')).toContainText('$91.80 USD');
  await selectOption(page, page.getByRole('combobox', { name: 'Billing Cycle' }), 'Monthly: $10.00 USD');
  await expect(field).toHaveAccessibleDescription('Promo code not valid for the billing cycle selected');
  await expect(summaryRow(page, 'Total Due Today')).toContainText('$10.00 USD');
});

test('an empty, an unknown and an expired code are refused; an unknown one is cleared', async ({ page }) => {
  await page.goto('/order/vps/201');
  const field = summary(page).getByRole('textbox', { name: 'Promo Code' });
  await summary(page).getByRole('button', { name: 'Apply' }).click();
  await expect(field).toHaveAccessibleDescription('Promo code Empty. Please, provide a promo code');

  for (const code of ['NOPE-NOT-A-CODE', 'SUMMER23', 'DEDI25']) {
    await applyCode(page, code);
    await expect(field).toHaveAccessibleDescription('Promo code invalid');
    await expect(field).toHaveValue('');
  }
  await expect(summaryRow(page, 'Total Due Today')).toContainText('$10.00 USD');
});

test('the quantity stays between 1 and the stock left, and multiplies the total', async ({ page }) => {
  // The dual E5 is sold with stock control ($159.00 a month and $99.00 setup each): as many as
  // are left at this point of the run.
  const answer = await page.request.get('/api/billing/products/product/302');
  const left = ((await answer.json()) as { products: { product: [{ stocklevel: number }] } }).products
    .product[0].stocklevel;
  expect(left).toBeGreaterThanOrEqual(2);
  await page.goto('/order/302');
  const quantity = summary(page).getByRole('textbox', { name: 'Quantity' });
  await quantity.fill('2');
  await expect(summaryRow(page, 'Total Due Today')).toContainText('$516.00 USD');
  await quantity.fill(String(left + 1));
  await expect(quantity).toHaveAccessibleDescription(`Only ${left} left`);
  await quantity.fill('0');
  await expect(quantity).toHaveAccessibleDescription('Min order qty: 1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(summary(page).getByRole('alert')).toHaveText(
    'Please fix error in the form before you can continue',
  );
  await quantity.fill(String(left));
  await expect(quantity).not.toHaveAttribute('aria-invalid', 'true');
});

test('the order needs the terms of service agreed to', async ({ page }) => {
  const account = await registerAccount(page.request, 'order-terms');
  await signInWithToken(page, account.email, account.password);
  await page.goto('/order/vps/201');
  await page.getByRole('textbox', { name: 'Hostname' }).fill('terms-check');
  await page.getByRole('button', { name: 'Continue' }).click();
  const order = page.waitForRequest((request) => request.url().endsWith('/api/billing/order'), {
    timeout: 2000,
  });
  await summary(page).getByRole('button', { name: 'Complete Order' }).click();
  const terms = summary(page).getByRole('checkbox', { name: /terms of service/ });
  await expect(terms).toHaveAccessibleDescription('Please read and agree to our terms of service.');
  await expect(order).rejects.toThrow();
});
