import { expect, type Page, test } from './support/test.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { registerAccount, signInWithToken } from './support/accounts.ts';
import { mailedLink } from './support/mail.ts';
import { card, confirmDialog, toast } from './support/page.ts';

/**
 * The Billing Info tab (portal spec §2, §4, §5, §8): saved cards through Stripe.js and the
 * payment sandbox of the datacenter simulator, as a fresh owner.
 */

/** The default badge of a card's row. */
const defaultBadge = (row: ReturnType<Page['getByRole']>) => row.getByText('Default', { exact: true });

/** Types a card into the card element of the open Add Card dialog and saves it. */
async function addCard(page: Page, number: string) {
  await card(page, 'Saved Cards').getByRole('button', { name: 'Add Card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Card' });
  const field = dialog.getByRole('group', { name: 'Card' });
  await field.getByLabel('Card number').fill(number);
  await field.getByLabel('Expiration date').fill('1234');
  await field.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Save Card' }).click();
  return dialog;
}

test('saves cards, makes one the default, deletes one; a 3-D Secure card is saved once authenticated', async ({
  page,
  context,
}) => {
  const account = await registerAccount(page.request, 'cards');
  await signInWithToken(page, account.email, account.password);
  await page.goto('/account/billinginfo');
  await expect(page.getByRole('tab', { name: 'Billing Info', selected: true })).toBeVisible();
  const section = card(page, 'Saved Cards');
  await expect(section.getByText('No saved cards yet. Add one to pay invoices by card.')).toBeVisible();

  // Not verified yet: the spec's text, and no card form.
  await section.getByRole('button', { name: 'Add Card' }).click();
  await expect(toast(page, 'You need to verify your email to add a credit card.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Add Card' })).toBeHidden();
  const verify = await context.newPage();
  await verify.goto(await mailedLink(account.email, 'verify-email'));
  await expect(verify.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
  await verify.close();
  await page.reload();

  const visaDialog = await addCard(page, '4242424242424242');
  await expect(visaDialog).toBeHidden();
  await expect(toast(page, 'Card added successfully')).toBeVisible();
  const visa = section.getByRole('row').filter({ hasText: '4242' });
  await expect(visa).toContainText('Visa');
  await expect(visa).toContainText('12/34');
  await expect(defaultBadge(visa)).toBeVisible();

  // A declined card is not saved.
  const declined = await addCard(page, '4000000000000002');
  await expect(toast(page, 'Failed to add card, please try again.')).toBeVisible();
  await declined.getByRole('button', { name: 'Cancel' }).click();

  await addCard(page, '5555555555554444');
  const mastercard = section.getByRole('row').filter({ hasText: '4444' });
  await expect(mastercard).toContainText('MasterCard');
  await expect(defaultBadge(mastercard)).toHaveCount(0);
  await expectNoSeriousViolations(page);

  await mastercard.getByRole('button', { name: 'Set as Default: MasterCard ending in 4444' }).click();
  await expect(defaultBadge(mastercard)).toBeVisible();
  await expect(defaultBadge(visa)).toHaveCount(0);

  await mastercard.getByRole('button', { name: 'Delete MasterCard ending in 4444' }).click();
  await confirmDialog(page, 'Delete');
  await expect(toast(page, 'Credit card deleted.')).toBeVisible();
  await expect(mastercard).toBeHidden();
  // The default moved to the card that is left.
  await expect(defaultBadge(visa)).toBeVisible();

  // 3-D Secure on setup: the card holder's check in the sandbox's frame.
  const threeDs = await addCard(page, '4000000000003220');
  const challenge = page.frameLocator('iframe[title="3D Secure authentication"]');
  await challenge.getByRole('button', { name: 'Complete' }).click();
  await expect(threeDs).toBeHidden();
  await expect(section.getByRole('row').filter({ hasText: '3220' })).toContainText('Visa');
});

test('a failed 3-D Secure check saves nothing', async ({ page }) => {
  const account = await registerAccount(page.request, 'cards-3ds');
  const verify = await page.context().newPage();
  await verify.goto(await mailedLink(account.email, 'verify-email'));
  await expect(verify.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
  await verify.close();
  await signInWithToken(page, account.email, account.password);
  await page.goto('/account/billinginfo');
  const dialog = await addCard(page, '4000000000003220');
  await page
    .frameLocator('iframe[title="3D Secure authentication"]')
    .getByRole('button', { name: 'Fail' })
    .click();
  await expect(toast(page, 'Failed to add card, please try again.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(
    card(page, 'Saved Cards').getByText('No saved cards yet. Add one to pay invoices by card.'),
  ).toBeVisible();
});

test('a sub-account without billing has no Billing Info tab', async ({ page }) => {
  // The demo sub-account has the services and support permissions only (API.md, demo data).
  await signInWithToken(page, 'sub@example.com', 'sub-password');
  await page.goto('/account/billinginfo');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('tab', { name: 'Billing Info' })).toHaveCount(0);
});
