import { expect, test } from './support/test.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { signInWithToken } from './support/accounts.ts';
import { sub } from './support/env.ts';
import { expectEveryComponentStyled, expectNoHorizontalOverflow, PHONE } from './support/layout.ts';
import { productCard, startingPrices, stepLabel, stepper } from './support/order.ts';

/**
 * The order wizard's first two steps (portal spec §2 "Order wizard"): the service types, the three
 * catalogues with their sections, sort orders, stock tags and prices, the step labels' rules and
 * the step kept for the browser session. Public: a guest browses.
 */

const sorted = (values: number[], direction: 1 | -1) => [...values].sort((a, b) => (a - b) * direction);

test('the dedicated catalogue lists both groups, in stock first, dearest first; an out-of-stock server cannot be configured', async ({
  page,
}) => {
  await page.goto('/order');
  await expect(page.getByRole('heading', { name: 'Select Service Type', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /Dedicated Server/ }).click();
  await expect(page.getByRole('heading', { name: 'Select Dedicated Server', level: 1 })).toBeVisible();

  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const names = await cards.evaluateAll((all) => all.map((card) => card.getAttribute('aria-label') ?? ''));
  // New York (23) and Chicago (22) together.
  expect(names.some((name) => name.endsWith('(New York)'))).toBe(true);
  expect(names.some((name) => name.endsWith('(Chicago)'))).toBe(true);

  // In stock first, then by monthly price, dearest first; the out-of-stock one after them.
  const outOfStock = productCard(page, 'EPYC 7443P (New York)');
  await expect(outOfStock.getByText('Out of Stock')).toBeVisible();
  await expect(outOfStock.getByRole('button', { name: 'Configure Server' })).toBeDisabled();
  expect(names.at(-1)).toBe('EPYC 7443P (New York)');
  const inStock = (await startingPrices(page.locator('main'))).slice(0, -1);
  expect(inStock).toEqual(sorted(inStock, -1));

  // A stock-controlled product says how many are left; its specs are plain lines.
  const low = productCard(page, 'Dual Xeon E5-2680 v4 (New York)');
  await expect(low.getByText('3 left')).toBeVisible();
  await expect(low.getByText('Starting from')).toBeVisible();
  await expect(low.getByRole('listitem').filter({ hasText: '128 GB DDR4 ECC RAM' })).toBeVisible();

  await low.getByRole('link', { name: 'Configure Server: Dual Xeon E5-2680 v4 (New York)' }).click();
  await expect(page).toHaveURL(/\/order\/302$/);
  await expect(page.getByRole('heading', { name: 'Configure server', level: 1 })).toBeVisible();
});

test('the VPS catalogue has its two sections, each in stock first and cheapest first', async ({ page }) => {
  await page.goto('/order');
  await page.getByRole('button', { name: /Virtual Server/ }).click();

  const standard = page.getByRole('region', { name: 'Standard Virtual Servers' });
  const optimized = page.getByRole('region', { name: 'CPU Optimized Virtual Servers' });
  await expect(standard.getByText('AMD EPYC 3.5GHz+ cores, general purpose')).toBeVisible();
  await expect(optimized.getByText('5GHz+ cores', { exact: true })).toBeVisible();

  const standardNames = await standard.getByRole('heading', { level: 3 }).allTextContents();
  const optimizedNames = await optimized.getByRole('heading', { level: 3 }).allTextContents();
  expect(standardNames.length).toBeGreaterThan(0);
  expect(optimizedNames.length).toBeGreaterThan(0);
  expect(standardNames.every((name) => !name.includes('CPU'))).toBe(true);
  expect(optimizedNames.every((name) => name.includes('CPU'))).toBe(true);
  for (const section of [standard, optimized]) {
    const prices = await startingPrices(section);
    expect(prices).toEqual(sorted(prices, 1));
  }

  await expect(productCard(page, 'DW-2G (New York)').getByText('Available')).toBeVisible();
  await expect(productCard(page, 'DW-CPU-4G (New York)').getByText('25 left')).toBeVisible();
  await productCard(page, 'DW-2G (Chicago)')
    .getByRole('link', { name: /Configure Server/ })
    .click();
  await expect(page).toHaveURL(/\/order\/vps\/211$/);
});

test('the storage catalogue starts at the cheapest size and configures a block per region', async ({
  page,
}) => {
  await page.goto('/order');
  await page.getByRole('button', { name: /Storage Block/ }).click();
  const newYork = productCard(page, 'Storage Block - New York');
  await expect(newYork.getByText('$5.00 USD')).toBeVisible();
  await expect(productCard(page, 'Storage Block - Chicago')).toBeVisible();
  await newYork.getByRole('link', { name: /Configure Block/ }).click();
  await expect(page).toHaveURL(/\/order\/storage\/322$/);
  await expect(page.getByRole('region', { name: 'Block Configuration' })).toBeVisible();
});

test('at steps 0 and 1 only the first label leads back; the step and the summary are kept across a reload', async ({
  page,
}) => {
  await page.goto('/order');
  // At step 0 only the first label is a way back.
  await expect(stepLabel(page, 'Select Server')).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('button', { name: /Virtual Server/ }).click();
  await expect(stepLabel(page, 'Select Server')).toHaveAttribute('aria-current', 'step');
  await expect(stepLabel(page, 'Select Server')).toHaveAttribute('aria-disabled', 'true');

  // The session keeps the chosen group: a reload stays on its product list.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Select Virtual Server', level: 1 })).toBeVisible();

  await productCard(page, 'DW-2G (New York)')
    .getByRole('link', { name: /Configure Server/ })
    .click();
  await expect(stepLabel(page, 'Configure')).toHaveAttribute('aria-current', 'step');
  await page.getByLabel('Hostname').fill('web01');
  await page.reload();
  await expect(page.getByLabel('Hostname')).toHaveValue('web01');
});

test('from step 2 the second label returns to the product list; at step 3 the third goes back', async ({
  page,
}) => {
  await page.goto('/order/vps/201');
  await page.getByLabel('Hostname').fill('web01');

  // From step 2 the second label returns to the product list, which clears the summary.
  await stepLabel(page, 'Select Server').click();
  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByRole('heading', { name: 'Select Virtual Server', level: 1 })).toBeVisible();
  await productCard(page, 'DW-2G (New York)')
    .getByRole('link', { name: /Configure Server/ })
    .click();
  await expect(page.getByLabel('Hostname')).toHaveValue('');

  // At step 3 the third label goes back to the configure page.
  await page.getByLabel('Hostname').fill('web01');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepLabel(page, 'Checkout')).toHaveAttribute('aria-current', 'step');
  await stepLabel(page, 'Configure').click();
  await expect(page.getByLabel('Hostname')).toHaveValue('web01');

  // The first label always returns to the service types, forgetting the group.
  await stepLabel(page, 'Select Service Type').click();
  await expect(page.getByRole('heading', { name: 'Select Service Type', level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Select Service Type', level: 1 })).toBeVisible();
});

test('a configure route without a product, of an unknown product, or not the chosen one leads back', async ({
  page,
}) => {
  await page.goto('/order/vps/web01');
  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByRole('heading', { name: 'Select Service Type', level: 1 })).toBeVisible();

  await page.goto('/order/vps/99999');
  await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();

  // Configuring DW-2G, another product's page sends the visitor back to /order.
  await page.goto('/order/vps/201');
  await expect(page.getByLabel('Hostname')).toBeVisible();
  await page.goto('/order/vps/202');
  await expect(page).toHaveURL(/\/order$/);

  // A product opened under another kind's route moves to its own page: storage at /order/322.
  await stepLabel(page, 'Select Service Type').click();
  await page.goto('/order/322');
  await expect(page).toHaveURL(/\/order\/storage\/322$/);
  await expect(page.getByRole('region', { name: 'Block Configuration' })).toBeVisible();
});

test('the wizard’s first steps pass axe and fit a phone', async ({ page }) => {
  await page.goto('/order');
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: /Dedicated Server/ }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.setViewportSize(PHONE);
  await page.goto('/order');
  await expect(page.getByRole('heading', { name: 'Select Dedicated Server', level: 1 })).toBeVisible();
  await expect(stepper(page)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectEveryComponentStyled(page);
  await stepLabel(page, 'Select Service Type').click();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);
});

test('a sub-account without the order permission is sent to the dashboard', async ({ page }) => {
  await signInWithToken(page, sub.email, sub.password);
  await page.goto('/order/vps/201');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the first steps work by keyboard', async ({ page }) => {
  await page.goto('/order');
  const dedicated = page.getByRole('button', { name: /Dedicated Server/ });
  await dedicated.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Select Dedicated Server', level: 1 })).toBeVisible();
  const configure = productCard(page, 'Xeon E3-1230 v6 (New York)').getByRole('link', {
    name: /Configure Server/,
  });
  await configure.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Configure server', level: 1 })).toBeVisible();
  // The first step label is a button in the tab order; the ones that cannot be used are not.
  const first = stepLabel(page, 'Select Service Type');
  await expect(first).toHaveAttribute('tabindex', '0');
  await expect(stepLabel(page, 'Checkout')).toHaveAttribute('tabindex', '-1');
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Select Service Type', level: 1 })).toBeVisible();
});
