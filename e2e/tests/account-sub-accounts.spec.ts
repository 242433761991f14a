import { type Browser, expect, type Page, test } from './support/test.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { registerAccount, signIn, signInWithToken, uniqueEmail } from './support/accounts.ts';
import { demo, sub } from './support/env.ts';
import {
  expectBesideItsLabel,
  expectEveryComponentStyled,
  expectNoHorizontalOverflow,
  expectWithinScreenWidth,
  PHONE,
} from './support/layout.ts';
import { mailedLink } from './support/mail.ts';
import { card, confirmDialog, toast } from './support/page.ts';

/**
 * The Sub-Accounts tab (portal spec §3, §5, §6, §9). The demo owner's services are what a
 * sub-account is given, so the journey works on the demo owner, on a sub-account of its own that
 * it deletes again; the demo sub-account is only looked at.
 */

const VERIFY_FIRST = 'Verify your e-mail address to create sub-accounts.';
const WHITELISTED = ['web01.demo.example', 'ny-dedi-01.demo.example'];

async function openTab(page: Page) {
  await page.goto('/account/sub-accounts');
  const section = card(page, 'Sub-Accounts');
  await expect(section.getByRole('heading', { name: 'Sub-Accounts' })).toBeVisible();
  return section;
}

/** Signs a new browser in as `email` and opens /services there. */
async function signInElsewhere(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  return { context, page };
}

test('an owner creates a sub-account for two services, changes its permissions, and deleting it signs it out', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInWithToken(page, demo.email, demo.password);
  const section = await openTab(page);
  await expect(section.getByRole('row').filter({ hasText: sub.email })).toContainText(sub.name);
  await expectNoSeriousViolations(page);

  await section.getByRole('button', { name: 'Create Sub-Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Sub-Account' });
  // The defaults of §9: services and support; general, product and support mails; every service.
  const permissions = dialog.getByRole('group', { name: 'Permissions' });
  for (const [name, checked] of [
    ['Order', false],
    ['Services', true],
    ['Billing', false],
    ['Support', true],
  ] as const) {
    await expect(permissions.getByRole('checkbox', { name })).toBeChecked({ checked });
  }
  const mails = dialog.getByRole('group', { name: 'E-mail Notifications' });
  for (const [name, checked] of [
    ['General', true],
    ['Invoice', false],
    ['Product', true],
    ['Support', true],
    ['Domain', false],
  ] as const) {
    await expect(mails.getByRole('checkbox', { name })).toBeChecked({ checked });
  }
  await expect(dialog.getByRole('radio', { name: 'All services' })).toBeChecked();

  // Nothing filled in: the required fields say so.
  await dialog.getByRole('button', { name: 'Create Sub-Account' }).click();
  await expect(dialog.getByRole('textbox', { name: 'First Name' })).toHaveAccessibleDescription(
    'The first name is required.',
  );
  await expect(dialog.getByRole('textbox', { name: 'Last Name' })).toHaveAccessibleDescription(
    'The last name is required.',
  );
  await expect(dialog.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(
    'The email field is required.',
  );

  const email = uniqueEmail('helper');
  await dialog.getByRole('textbox', { name: 'First Name' }).fill('Hana');
  await dialog.getByRole('textbox', { name: 'Last Name' }).fill('Helper');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(sub.email);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('helper-password-1');

  // Specific services, none chosen.
  await dialog.getByRole('radio', { name: 'Specific services' }).check();
  await dialog.getByRole('button', { name: 'Create Sub-Account' }).click();
  await expect(dialog.getByText('Please select at least one service')).toBeVisible();
  const picker = dialog.getByRole('combobox', { name: 'Allowed services' });
  for (const domain of WHITELISTED) {
    await picker.click();
    await picker.fill(domain);
    await page.getByRole('option', { name: new RegExp(`^${domain.replace(/\./g, '\\.')} \\(`) }).click();
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Please select at least one service')).toBeHidden();

  // An e-mail that already has an account: the server's 422 under the e-mail field.
  await dialog.getByRole('button', { name: 'Create Sub-Account' }).click();
  await expect(dialog.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(
    'The email has already been taken.',
  );
  await expectNoSeriousViolations(page);

  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('button', { name: 'Create Sub-Account' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'The sub-account has been created.')).toBeVisible();
  const row = section.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Hana Helper');
  await expect(row).toContainText('2 services');
  await expect(row.getByText('Services', { exact: true })).toBeVisible();
  await expect(row.getByText('Support', { exact: true })).toBeVisible();

  // Signed in as the sub-account: only the two services, and no Invoices.
  const helper = await signInElsewhere(browser, email, 'helper-password-1');
  try {
    await helper.page.goto('/services');
    const manageLinks = helper.page.getByRole('link', { name: /^Manage / });
    await expect(manageLinks).toHaveCount(2);
    for (const domain of WHITELISTED) {
      await expect(helper.page.getByRole('link', { name: `Manage ${domain}` })).toBeVisible();
    }
    const navigation = helper.page.getByRole('navigation');
    await expect(navigation.getByRole('link', { name: 'Support' })).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'Invoices' })).toHaveCount(0);

    // The owner grants Billing and takes Support away: it applies from the sub-account's next visit.
    await row.getByRole('button', { name: 'Edit Hana Helper' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Sub-Account' });
    await expect(edit.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
    await expect(edit.getByText('Leave empty to keep the current password.')).toBeVisible();
    await expect(edit.getByRole('radio', { name: 'Specific services' })).toBeChecked();
    const editPermissions = edit.getByRole('group', { name: 'Permissions' });
    await editPermissions.getByRole('checkbox', { name: 'Billing' }).check();
    await editPermissions.getByRole('checkbox', { name: 'Support' }).uncheck();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(toast(page, 'The sub-account has been updated.')).toBeVisible();
    await expect(row.getByText('Billing', { exact: true })).toBeVisible();
    await expect(row.getByText('Support', { exact: true })).toHaveCount(0);

    await helper.page.reload();
    await expect(navigation.getByRole('link', { name: 'Invoices' })).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'Support' })).toHaveCount(0);

    // Deleting it ends its sessions: its next request finds it signed out.
    await row.getByRole('button', { name: 'Delete Hana Helper' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Sub-Account' });
    await expect(confirm).toContainText('signed out everywhere at once');
    await expectNoSeriousViolations(page);
    await confirmDialog(page, 'Delete');
    await expect(toast(page, 'The sub-account has been deleted.')).toBeVisible();
    await expect(row).toHaveCount(0);

    await helper.page.goto('/services');
    await expect(helper.page).toHaveURL(/\/login$/);
  } finally {
    await helper.context.close();
  }
});

test("an owner with an unverified e-mail sees why 'Create Sub-Account' is off", async ({ page }) => {
  await signInWithToken(page, 'new@example.com', 'new-password');
  const section = await openTab(page);
  const create = section.getByRole('button', { name: 'Create Sub-Account' });
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription(VERIFY_FIRST);
  await expect(section.getByRole('button', { name: 'Resend Verification Email' })).toBeVisible();
  await expect(section.getByText('No sub-accounts yet.', { exact: false })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('the button turns on as soon as the resent link is followed', async ({ page, context }) => {
  const account = await registerAccount(page.request, 'sub-owner');
  await signIn(page, account.email, account.password);
  const section = await openTab(page);
  const create = section.getByRole('button', { name: 'Create Sub-Account' });
  await expect(create).toBeDisabled();

  await section.getByRole('button', { name: 'Resend Verification Email' }).click();
  await expect(toast(page, 'Verification email has been resent. Please check your inbox.')).toBeVisible();
  const second = await context.newPage();
  await second.goto(await mailedLink(account.email, 'verify-email'));
  await expect(second.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
  await second.close();

  await expect(create).toBeEnabled();
  await expect(section.getByText(VERIFY_FIRST)).toBeHidden();
});

test.describe('at phone width', () => {
  test.use({ viewport: PHONE });

  test('the list and the form fit the screen, every component styled', async ({ page }) => {
    await signInWithToken(page, demo.email, demo.password);
    const section = await openTab(page);
    await expect(section.getByRole('row').filter({ hasText: sub.email })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectEveryComponentStyled(page);

    await section.getByRole('button', { name: `Edit ${sub.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Sub-Account' });
    await expect(dialog).toBeVisible();
    await expectWithinScreenWidth(page, dialog);
    await expectBesideItsLabel(dialog.getByRole('checkbox', { name: 'Order' }));
    await expectBesideItsLabel(dialog.getByRole('radio', { name: 'Specific services' }));
    await expectEveryComponentStyled(page);
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});
