import { expect, type Page, test } from './support/test.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { signInWithToken } from './support/accounts.ts';
import { demo } from './support/env.ts';
import { demoHostingInvoiceDue } from './support/invoices.ts';
import {
  expectEveryComponentStyled,
  expectNoHorizontalOverflow,
  expectWithinScreenWidth,
  PHONE,
} from './support/layout.ts';

/**
 * The invoice pages at a phone's width and under axe: nothing scrolls the page sideways, every
 * component has its stylesheet, dialogs fit, no serious accessibility violation. They only look.
 */

async function expectSound(page: Page) {
  await expectNoHorizontalOverflow(page);
  await expectEveryComponentStyled(page);
  await expectNoSeriousViolations(page);
}

test.use({ viewport: PHONE });

test.beforeEach(async ({ page }) => {
  await signInWithToken(page, demo.email, demo.password);
});

test('the invoice list at phone width', async ({ page }) => {
  await page.goto('/invoices');
  await expect(page.getByText(/^Showing 1 - \d+ of \d+ items$/)).toBeVisible();
  await expectSound(page);
});

test('an unpaid invoice and its credit dialog at phone width, by keyboard', async ({ page }) => {
  const due = await demoHostingInvoiceDue(page.request);
  await page.goto(`/invoices/${due.id}`);
  await expect(page.getByRole('heading', { name: `Invoice #${due.id}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Payment Method', exact: true })).not.toBeDisabled();
  await expectSound(page);

  await page.getByRole('button', { name: 'Apply Credit' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Apply Credit' });
  await expect(dialog.getByLabel('Amount')).toBeFocused();
  await expectWithinScreenWidth(page, dialog);
  await expectSound(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the Add Funds tab at phone width', async ({ page }) => {
  await page.goto('/account/addfunds');
  await expect(page.getByRole('tab', { name: 'Add Funds', selected: true })).toBeVisible();
  await expectSound(page);
});
