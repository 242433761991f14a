import { expect, test } from './support/test.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { registerAccount, signInWithToken } from './support/accounts.ts';
import { demo } from './support/env.ts';
import { expectEveryComponentStyled, expectNoHorizontalOverflow, PHONE } from './support/layout.ts';
import { summary, summaryRow } from './support/order.ts';
import { selectOption } from './support/page.ts';
import { newEd25519Key } from './support/ssh-key.ts';

/**
 * The configure pages of the order wizard (portal spec §2, §4, §5): the dedicated server's disk
 * layout filter and resets, the out-of-stock countdown, the VPS page's hostname rule, distributions
 * and SSH key allowance with the Add SSH Key dialog, and the storage block's VPS.
 */

const layoutChoices = async (page: import('@playwright/test').Page) => {
  await page.getByRole('combobox', { name: 'Disk Layout' }).click();
  const names = await page.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  return names;
};

test('a dedicated server offers the disk layouts its OS and drive bays allow; a new OS resets it to None', async ({
  page,
}) => {
  // Four drive bays; Debian 12 builds RAID 0, 1 and 5.
  await page.goto('/order/302');
  await expect(page.getByRole('heading', { name: 'Configure server', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'View Specs' }).click();
  await expect(page.getByText('4 x 960 GB SSD')).toBeVisible();
  await page.getByRole('button', { name: 'Hide Specs' }).click();
  await expect(page.getByText('4 x 960 GB SSD')).toBeHidden();

  expect(await layoutChoices(page)).toEqual(['None', 'RAID 0', 'RAID 1', 'RAID 5']);
  await selectOption(page, page.getByRole('combobox', { name: 'Disk Layout' }), 'RAID 5');
  await expect(summary(page).getByText('Disk Layout: RAID 5')).toBeVisible();

  // Ubuntu builds RAID 10 too; changing the OS sets the layout back to None.
  await selectOption(page, page.getByRole('combobox', { name: 'Operating System' }), 'Ubuntu 24.04 LTS');
  await expect(page.getByRole('combobox', { name: 'Disk Layout' })).toHaveValue('None');
  await expect(summary(page).getByText('Disk Layout: None')).toBeVisible();
  expect(await layoutChoices(page)).toEqual(['None', 'RAID 0', 'RAID 1', 'RAID 5', 'RAID 10']);
  await selectOption(page, page.getByRole('combobox', { name: 'Operating System' }), 'AlmaLinux 9');
  expect(await layoutChoices(page)).toEqual(['None', 'RAID 1']);

  // A priced option and the cycle: a new cycle puts every option back to its first choice and
  // takes that cycle's setup fee (none yearly).
  await selectOption(page, page.getByRole('combobox', { name: 'Bandwidth' }), '20 TB (1 Gbps) (+$15.00 USD)');
  await expect(summaryRow(page, 'Setup Fees')).toContainText('$99.00 USD');
  await expect(summaryRow(page, 'Monthly Price')).toContainText('$174.00 USD');
  await selectOption(page, page.getByRole('combobox', { name: 'Billing Cycle' }), 'Annually: $1,717.20 USD');
  await expect(page.getByRole('combobox', { name: 'Operating System' })).toHaveValue('Debian 12');
  await expect(page.getByRole('combobox', { name: 'Bandwidth' })).toHaveValue('10 TB (1 Gbps)');
  await expect(summaryRow(page, 'Setup Fees')).toContainText('$0.00 USD');
  await expect(summaryRow(page, 'Annually Price')).toContainText('$1,717.20 USD');
  await expectNoSeriousViolations(page);
});

test('a one-bay server offers no RAID at all', async ({ page }) => {
  await page.goto('/order/307');
  await selectOption(page, page.getByRole('combobox', { name: 'Operating System' }), 'Ubuntu 24.04 LTS');
  expect(await layoutChoices(page)).toEqual(['None']);
});

test('an out-of-stock server counts down seven seconds, then returns to server selection', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/order/306');
  const dialog = page.getByRole('dialog', { name: 'EPYC 7443P is out of stock' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('in 7 seconds');
  await page.clock.runFor(1000);
  await expect(dialog).toContainText('in 6 seconds');
  await page.clock.runFor(6000);
  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByRole('heading', { name: 'Select Dedicated Server', level: 1 })).toBeVisible();
});

test('the VPS hostname must be given and may hold only letters, digits, -, _ and .', async ({ page }) => {
  await page.goto('/order/vps/201');
  const hostname = page.getByRole('textbox', { name: 'Hostname' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(hostname).toHaveAccessibleDescription('Hostname is required');
  await expect(summary(page).getByRole('alert')).toHaveText(
    'Please fix error in the form before you can continue',
  );

  await hostname.fill('web 01');
  await expect(hostname).toHaveAccessibleDescription(
    'Hostname can only contain letters, numbers, hyphens(-), underscores(_), or a period(.)',
  );
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Configure your VPS', level: 1 })).toBeVisible();

  await hostname.fill('web-01.example_2');
  await expect(hostname).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
});

test('distributions: prebuilt templates with Gaming coming soon, standard systems with versions', async ({
  page,
}) => {
  await page.goto('/order/vps/203');
  const distribution = page.getByRole('region', { name: 'Distribution' });
  await expect(distribution.getByText('Prebuilt Templates')).toBeVisible();
  await expect(distribution.getByText('Standard Operating Systems')).toBeVisible();
  const gaming = distribution.getByRole('radio', { name: /Gaming/ });
  await expect(gaming).toContainText('Coming Soon');
  await expect(gaming).toBeDisabled();
  for (const name of ['Web Hosting', 'Desktop', 'Debian', 'Ubuntu', 'CentOS', 'AlmaLinux', 'Windows']) {
    await expect(distribution.getByRole('radio', { name: new RegExp(name) })).toBeEnabled();
  }
  // A guest has no custom templates.
  await expect(distribution.getByRole('radio', { name: /Custom Template/ })).toHaveCount(0);
  await expect(distribution.getByRole('radio', { name: /Debian/ })).toBeChecked();
  await distribution.getByRole('radio', { name: /Ubuntu/ }).click();
  await selectOption(page, distribution.getByRole('combobox', { name: 'Ubuntu Version' }), '22.04');

  // Location: the group's own, and a hidden one shown as 'Unavailable'.
  const location = page.getByRole('region', { name: 'Location' });
  await expect(location.getByRole('radio', { name: /New York/ })).toBeChecked();
  await expect(location.getByRole('radio', { name: /Los Angeles/ })).toContainText('Unavailable');
  await expect(location.getByRole('radio', { name: /Los Angeles/ })).toBeDisabled();
  // The flag is an image of the app's own (no CDN), decoration beside the name.
  const flag = location.locator('img').first();
  await expect(flag).toBeVisible();
  await expect(flag).toHaveAttribute('src', /^(data:image\/svg\+xml|\/assets\/)/);
  await expect(flag).toHaveAttribute('alt', '');
  await expectNoSeriousViolations(page);
});

test('SSH keys are offered to a signed-in user for a Linux system only, and the Add SSH Key dialog adds one', async ({
  page,
}) => {
  await page.goto('/order/vps/203');
  const extra = page.getByRole('region', { name: 'Extra' });
  await expect(extra.getByRole('combobox', { name: 'IPv4 Addresses' })).toBeVisible();
  await expect(extra.getByLabel('SSH Keys')).toHaveCount(0);

  const account = await registerAccount(page.request, 'order-keys');
  await signInWithToken(page, account.email, account.password);
  await page.reload();
  await expect(extra.getByLabel('SSH Keys')).toBeVisible();
  const distribution = page.getByRole('region', { name: 'Distribution' });
  await expect(distribution.getByRole('radio', { name: /Custom Template/ })).toBeVisible();

  await extra.getByRole('button', { name: 'Add SSH Key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add SSH Key' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Build box');
  await dialog.getByRole('textbox', { name: 'Public Key' }).fill(newEd25519Key('ci@build').publicKey);
  await dialog.getByRole('button', { name: 'Add SSH Key' }).click();
  await expect(dialog).toBeHidden();
  // The new key is chosen for the server.
  await expect(extra.getByText('Build box', { exact: true })).toBeVisible();

  // Windows takes no keys: the field goes, and the chosen keys with it.
  await distribution.getByRole('radio', { name: /Windows/ }).click();
  await expect(extra.getByLabel('SSH Keys')).toHaveCount(0);
  await distribution.getByRole('radio', { name: /Debian/ }).click();
  await expect(extra.getByLabel('SSH Keys')).toBeVisible();
  await expect(extra.getByText('Build box', { exact: true })).toHaveCount(0);
});

test('a storage block attaches to one of the user’s active VPS of its region, which is required', async ({
  page,
}) => {
  await page.goto('/order/storage/322');
  const block = page.getByRole('region', { name: 'Block Configuration' });
  await expect(block.getByText('Sign in to choose one of your VPS in New York.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(block.getByText(/VPS is required/)).toBeVisible();

  // Signing in in place shows the account's servers.
  await block.getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in to choose your VPS' });
  await dialog.getByLabel('Email Address').fill(demo.email);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(demo.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog).toBeHidden();

  const vps = block.getByRole('combobox', { name: 'Select VPS to attach to' });
  await expect(vps).toHaveAccessibleDescription(/VPS is required/);
  await vps.click();
  // Active and in New York only: not the suspended staging server, not game01 in Chicago.
  await expect(page.getByRole('option')).toHaveText(['web01.demo.example']);
  await page.getByRole('option', { name: 'web01.demo.example' }).click();
  await expect(vps).not.toHaveAttribute('aria-invalid', 'true');

  await selectOption(page, block.getByRole('combobox', { name: 'Storage Size' }), '250 GB (+$12.50 USD)');
  await expect(summary(page).getByText('Storage Size: 250 GB')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
});

test('the configure pages fit a phone, with the summary below the form', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/order/vps/203');
  await expect(page.getByRole('heading', { name: 'Configure your VPS', level: 1 })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectEveryComponentStyled(page);
  const form = await page.getByRole('region', { name: 'Extra' }).boundingBox();
  const panel = await summary(page).boundingBox();
  expect(panel!.y).toBeGreaterThan(form!.y);
  await expectNoSeriousViolations(page);

  // Back to the product list first: another product's page would send the visitor there.
  await page.goto('/order');
  await expect(page.getByRole('heading', { name: 'Select Virtual Server', level: 1 })).toBeVisible();
  await page.goto('/order/302');
  await expect(page.getByRole('heading', { name: 'Configure server', level: 1 })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousViolations(page);
});
